/**
 * A throwaway Redis for the test that runs Directus as production does with
 * several instances (cache, rate limiter and schedules in Redis): Debian's
 * `redis-server` (installed with apt when missing, see scripts/test/ensure-redis.ts),
 * on a free port of 127.0.0.1, nothing written to disk, stopped by `stop()`.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { aptInstall } from "./apt-install.ts";
import { freePort } from "./free-port.ts";
import { runCommand } from "./run-command.ts";

const SERVER = "/usr/bin/redis-server";
const CLIENT = "/usr/bin/redis-cli";

/** Installs Debian's `redis-server` (which brings `redis-cli`) unless it is there. */
export function ensureRedis(log: (line: string) => void = console.log): string {
  if (existsSync(SERVER) && existsSync(CLIENT)) return SERVER;
  log("redis: no redis-server, installing Debian's redis-server with apt-get …");
  aptInstall("redis-server");
  if (!existsSync(SERVER)) throw new Error(`redis: apt-get finished but there is no ${SERVER}`);
  return SERVER;
}

export interface ScratchRedis {
  /** For Directus' REDIS. */
  url: string;
  port: number;
  /** Runs one redis-cli command against it and returns its output lines. */
  command(...args: string[]): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startScratchRedis(log: (line: string) => void = console.log): Promise<ScratchRedis> {
  ensureRedis(log);
  const port = await freePort();
  const server: ChildProcess = spawn(
    SERVER,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  const command = async (...args: string[]) =>
    (await runCommand(CLIENT, ["-p", String(port), ...args], {}, `redis-cli ${args.join(" ")}`))
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line.length > 0);
  const stop = () =>
    new Promise<void>((resolveStop) => {
      if (server.exitCode !== null || server.signalCode !== null) return resolveStop();
      server.once("exit", () => resolveStop());
      server.kill("SIGTERM");
      setTimeout(() => server.kill("SIGKILL"), 5_000).unref();
    });

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`redis: the server exited at start:\n${output.trim()}`);
    const pong = await command("ping").then(
      (lines) => lines[0] === "PONG",
      () => false,
    );
    if (pong) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`redis: no PONG within 15 s:\n${output.trim()}`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  return { url: `redis://127.0.0.1:${port}`, port, command, stop };
}
