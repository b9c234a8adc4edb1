/**
 * Reads an environment file the way cms/.env is written: one NAME=value a
 * line, `#` comments and blank lines ignored, the value taken as it stands to
 * the end of the line (no quotes, no ${…}). Anything else is an error naming
 * the line, so a typo in cms/.env.production.example cannot hide.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/** The production environment's template, the one file cms/compose.yaml and a host without containers read. */
export const PRODUCTION_ENV_EXAMPLE = resolve(import.meta.dirname, "../../cms/.env.production.example");

const LINE = /^([A-Z][A-Z0-9_]*)=(.*)$/;

/** The variables of an environment file, in file order; a name given twice is an error. */
export function parseEnvFile(text: string, name = "env file"): Map<string, string> {
  const variables = new Map<string, string>();
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) return;
    const match = LINE.exec(line);
    if (!match?.[1]) throw new Error(`${name}:${index + 1}: not NAME=value: ${line}`);
    const value = match[2] ?? "";
    if (/["'`]|\$\{|\s#/.test(value))
      throw new Error(
        `${name}:${index + 1}: quotes, \${…} and comments after a value are not read the same everywhere: ${line}`,
      );
    if (variables.has(match[1])) throw new Error(`${name}:${index + 1}: ${match[1]} is set twice`);
    variables.set(match[1], value);
  });
  return variables;
}

/** The variables of cms/.env.production.example. */
export function productionEnvExample(): Map<string, string> {
  return parseEnvFile(readFileSync(PRODUCTION_ENV_EXAMPLE, "utf8"), "cms/.env.production.example");
}
