/**
 * Secrets for `wrangler dev` (SYNC_TOKEN, FORM_TOKEN_SECRET) go into an env
 * file that only the user can read, passed with `--env-file`: on wrangler's
 * command line (`--var NAME:value`) any local user could read them with `ps`
 * or /proc/<pid>/cmdline.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The characters our secrets are made of (hex, base64url): nothing that could end a line of the file. */
const SECRET_VALUE = /^[A-Za-z0-9\-._~+/]+$/;
const SECRET_NAME = /^[A-Z][A-Z0-9_]*$/;

/** A private folder (mode 700) holding `secrets.env` (mode 600); `remove()` deletes both. */
export function writeSecretsFile(secrets: Record<string, string>): { path: string; remove(): void } {
  const lines = Object.entries(secrets).map(([name, value]) => {
    if (!SECRET_NAME.test(name) || !SECRET_VALUE.test(value)) throw new Error(`secrets: ${name} cannot be written`);
    return `${name}=${value}\n`;
  });
  const dir = mkdtempSync(join(tmpdir(), "site-secrets-"));
  const path = join(dir, "secrets.env");
  writeFileSync(path, lines.join(""), { mode: 0o600 });
  chmodSync(path, 0o600);
  return { path, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
