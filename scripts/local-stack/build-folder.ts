/**
 * Builds the site into a folder of its own (react-router.config.ts reads
 * BUILD_DIRECTORY), leaving build/ and whatever serves it alone: the deploy
 * dry run's production build and the bench's build go here, so a running
 * `npm start` or browser test keeps the pages, scripts and styles it serves.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Written by every build (the Cloudflare Vite plugin) and read by `wrangler
 * deploy` and `wrangler dev` without `--config`: it points them at the last
 * build's wrangler.json. Left pointing at another folder, the next `wrangler
 * dev` of `npm start` would serve that build.
 */
const DEPLOY_REDIRECT = ".wrangler/deploy/config.json";

/** Runs `work` (a build, and whatever reads its redirect) and puts the deploy redirect back as it was. */
export function keepingDeployRedirect<T>(work: () => T): T {
  const redirect = existsSync(DEPLOY_REDIRECT) ? readFileSync(DEPLOY_REDIRECT) : undefined;
  try {
    return work();
  } finally {
    if (redirect) {
      mkdirSync(dirname(DEPLOY_REDIRECT), { recursive: true });
      writeFileSync(DEPLOY_REDIRECT, redirect);
    } else {
      rmSync(DEPLOY_REDIRECT, { force: true });
    }
  }
}

/** Runs `react-router build` into `folder`; `env` adds variables (CLOUDFLARE_ENV). Throws with the build's output when it fails. */
export function buildInto(folder: string, env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync("react-router", ["build"], {
    env: { ...process.env, ...env, BUILD_DIRECTORY: folder },
    encoding: "utf8",
  });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
    throw new Error(`react-router build into ${folder} failed:\n${output || result.error?.message}`);
  }
}
