/**
 * A small client for Directus' REST API with the admin account, for the
 * scripts that set up the local CMS (access policies, seed). Every failure
 * names the request and carries Directus' own error message.
 */

export interface DirectusAdmin {
  url: string;
  request<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** Uploads one file (multipart), returning its id. */
  upload(file: {
    name: string;
    type: string;
    data: Uint8Array<ArrayBuffer>;
    title: string;
    folder?: string;
  }): Promise<string>;
}

/** Signs in with e-mail and password and returns a client using that session's token. */
export async function connectAdmin(
  url: string,
  credentials: { email: string; password: string },
): Promise<DirectusAdmin> {
  const login = await fetch(`${url}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(credentials),
  });
  if (!login.ok) throw new Error(`directus-admin: login as ${credentials.email} failed: ${await errorText(login)}`);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const authorization = `Bearer ${token}`;

  return {
    url,
    async request<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`directus-admin: ${method} ${path} failed: ${await errorText(response)}`);
      if (response.status === 204) return undefined as T;
      return ((await response.json()) as { data: T }).data;
    },
    async upload(file) {
      const form = new FormData();
      form.set("title", file.title);
      if (file.folder) form.set("folder", file.folder);
      // Directus reads the file part last: every other field must come first.
      form.set("file", new Blob([file.data], { type: file.type }), file.name);
      const response = await fetch(`${url}/files`, { method: "POST", headers: { authorization }, body: form });
      if (!response.ok) throw new Error(`directus-admin: upload of ${file.name} failed: ${await errorText(response)}`);
      return ((await response.json()) as { data: { id: string } }).data.id;
    },
  };
}

async function errorText(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const messages = (JSON.parse(text) as { errors?: { message: string }[] }).errors?.map((error) => error.message);
    if (messages?.length) return `${response.status} ${messages.join("; ")}`;
  } catch {
    // not JSON
  }
  return `${response.status} ${text.slice(0, 300)}`;
}

/**
 * For the operator's commands (`cms:apply`, `cms:backfill`): signs in to the Directus named by `--url`
 * as DIRECTUS_ADMIN_EMAIL with DIRECTUS_ADMIN_PASSWORD from the environment, never from the command
 * line, where other users of the machine could read them. Another machine is reached over https only.
 */
export async function connectAdminFromEnvironment(command: string, urlArg: string | undefined): Promise<DirectusAdmin> {
  const email = process.env.DIRECTUS_ADMIN_EMAIL;
  const password = process.env.DIRECTUS_ADMIN_PASSWORD;
  if (!urlArg) throw new Error(`${command}: name the Directus with --url https://…`);
  const url = new URL(urlArg);
  if (url.protocol !== "https:" && !["127.0.0.1", "localhost", "[::1]"].includes(url.hostname)) {
    throw new Error(`${command}: a Directus on another machine is reached over https only (credentials are sent)`);
  }
  if (!email || !password) {
    throw new Error(`${command}: set DIRECTUS_ADMIN_EMAIL and DIRECTUS_ADMIN_PASSWORD in the environment`);
  }
  return connectAdmin(url.origin, { email, password });
}
