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
    /** The file's id, where the caller chooses it (a UUID); Directus makes one otherwise. */
    id?: string;
    description?: string;
  }): Promise<string>;
}

/** A request Directus answered with an error status; the message names the request and Directus' reasons. */
export class DirectusRequestError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** Signs in with e-mail and password and returns a client using that session's token, signing in again when it expires. */
export async function connectAdmin(
  url: string,
  credentials: { email: string; password: string },
): Promise<DirectusAdmin> {
  const login = async () => {
    const response = await fetch(`${url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(credentials),
    });
    if (!response.ok) {
      throw new DirectusRequestError(
        `directus-admin: login as ${credentials.email} failed: ${await errorText(response)}`,
        response.status,
      );
    }
    return ((await response.json()) as { data: { access_token: string } }).data.access_token;
  };
  return adminClient(url, await login(), login);
}

/**
 * A client using a token someone else made (a static token from the environment, say); it cannot sign
 * in again, so an expired token ends its requests.
 */
export function adminWithToken(url: string, token: string): DirectusAdmin {
  return adminClient(url, token);
}

function adminClient(url: string, token: string, renew?: () => Promise<string>): DirectusAdmin {
  let authorization = `Bearer ${token}`;
  // A long run (an import of many recipes, say) outlives a session's access token (15 minutes by default).
  const send = async (
    method: string,
    path: string,
    headers: Record<string, string>,
    body: () => BodyInit | undefined,
  ): Promise<Response> => {
    const attempt = () => fetch(`${url}${path}`, { method, headers: { ...headers, authorization }, body: body() });
    const first = await attempt();
    if (first.status !== 401 || !renew) return first;
    await first.body?.cancel();
    authorization = `Bearer ${await renew()}`;
    return attempt();
  };

  return {
    url,
    async request<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await send(method, path, body === undefined ? {} : { "content-type": "application/json" }, () =>
        body === undefined ? undefined : JSON.stringify(body),
      );
      if (!response.ok) {
        throw new DirectusRequestError(
          `directus-admin: ${method} ${path} failed: ${await errorText(response)}`,
          response.status,
        );
      }
      if (response.status === 204) return undefined as T;
      return ((await response.json()) as { data: T }).data;
    },
    async upload(file) {
      const form = () => {
        const body = new FormData();
        if (file.id) body.set("id", file.id);
        body.set("title", file.title);
        if (file.folder) body.set("folder", file.folder);
        if (file.description) body.set("description", file.description);
        // Directus reads the file part last: every other field must come first.
        body.set("file", new Blob([file.data], { type: file.type }), file.name);
        return body;
      };
      const response = await send("POST", "/files", {}, form);
      if (!response.ok) {
        throw new DirectusRequestError(
          `directus-admin: upload of ${file.name} failed: ${await errorText(response)}`,
          response.status,
        );
      }
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
