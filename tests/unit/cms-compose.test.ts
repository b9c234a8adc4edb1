/**
 * cms/compose.yaml as an operator runs it, read as data (no container engine
 * runs here): which services there are, that every value comes from the one
 * env file the docs name, that nothing but the tunnel reaches Directus, the
 * health checks the start order relies on, and the nightly backup's settings.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { productionEnvExample } from "../../scripts/cms/env-file.ts";

const CMS = resolve(import.meta.dirname, "../../cms");
const COMPOSE_TEXT = readFileSync(join(CMS, "compose.yaml"), "utf8");

interface Service {
  image?: string;
  env_file?: unknown;
  environment?: Record<string, string>;
  command?: string[];
  ports?: unknown;
  networks?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}
const compose = parse(COMPOSE_TEXT, { merge: true }) as {
  services: Record<string, Service>;
  networks: Record<string, { internal?: boolean } | null>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const env = productionEnvExample();

function service(name: string): Service {
  const found = services[name];
  if (!found) throw new Error(`compose.yaml has no service ${name}`);
  return found;
}

/** The names compose interpolates (`${NAME}`, `${NAME:-default}`, `${NAME:?message}`); `$$` is a literal dollar. */
function interpolated(text: string): string[] {
  const names = [...text.replaceAll("$$", "").matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]);
  return [...new Set(names.filter((name): name is string => name !== undefined))].sort();
}

describe("cms/compose.yaml", () => {
  it("runs the database, Redis, the schema init, Directus, the tunnel and the backup", () => {
    expect(Object.keys(services).sort()).toEqual(["backup", "cloudflared", "directus", "init", "postgres", "redis"]);
  });

  it("pins its images, Directus to the version cms/package.json installs", () => {
    const directusVersion = JSON.parse(readFileSync(join(CMS, "package.json"), "utf8")).dependencies.directus;
    expect(service("directus").image).toBe(`directus/directus:${directusVersion}`);
    expect(service("init").image).toBe(`directus/directus:${directusVersion}`);
    for (const [name, { image }] of Object.entries(services)) {
      expect(image, name).toMatch(/^[a-z0-9/._-]+:[0-9][0-9a-z.-]*$/);
    }
  });

  describe("one env file", () => {
    it("Directus and its init read cms/.env whole and set nothing of their own", () => {
      for (const name of ["directus", "init"]) {
        expect(service(name).env_file, name).toBe(".env");
        expect(service(name).environment, name).toBeUndefined();
      }
      // No other service gets the whole file, with Directus' secrets.
      for (const name of ["postgres", "redis", "cloudflared", "backup"])
        expect(service(name).env_file, name).toBeUndefined();
    });

    it("every variable it interpolates is one of cms/.env.production.example", () => {
      const missing = interpolated(COMPOSE_TEXT).filter((name) => !env.has(name));
      expect(missing).toEqual([]);
      expect(interpolated(COMPOSE_TEXT).length).toBeGreaterThan(0);
    });

    it("no service sets a variable of the env file to a value of its own (a second copy)", () => {
      for (const [name, { environment = {} }] of Object.entries(services)) {
        for (const [key, value] of Object.entries(environment)) {
          if (env.has(key)) expect(String(value), `${name}: ${key}`).toMatch(new RegExp(`^\\$\\{${key}(:[-?].*)?\\}$`));
        }
      }
    });

    it("the env example's host names are the compose services", () => {
      expect(env.get("DB_HOST")).toBe("postgres");
      expect(env.get("REDIS")).toBe("redis://redis:6379");
    });
  });

  describe("reachability", () => {
    it("publishes no port on the host: Directus is reached through the tunnel only", () => {
      for (const [name, { ports }] of Object.entries(services)) expect(ports, name).toBeUndefined();
    });

    it("the database, Redis and the backup sit on an internal network; only the tunnel shares one with Directus", () => {
      expect(compose.networks.data?.internal).toBe(true);
      expect(compose.networks.edge?.internal).toBeFalsy();
      for (const name of ["postgres", "redis", "backup", "init"])
        expect(service(name).networks, name).toEqual(["data"]);
      expect(service("directus").networks?.sort()).toEqual(["data", "edge"]);
      expect(service("cloudflared").networks).toEqual(["edge"]);
      const onEdge = Object.entries(services).filter(([, { networks = [] }]) => networks.includes("edge"));
      expect(onEdge.map(([name]) => name).sort()).toEqual(["cloudflared", "directus"]);
    });

    it("the tunnel's token comes from the env file and reaches the tunnel alone", () => {
      expect(service("cloudflared").environment?.TUNNEL_TOKEN).toMatch(/^\$\{CLOUDFLARE_TUNNEL_TOKEN:\?/);
      expect(env.get("CLOUDFLARE_TUNNEL_TOKEN")).toBe("<tunnel-token>");
      expect(service("cloudflared").command).toEqual(["tunnel", "--no-autoupdate", "run"]);
    });
  });

  describe("start order and health", () => {
    it("each long-running service has a health check", () => {
      for (const name of ["postgres", "redis", "directus", "cloudflared"]) {
        expect(service(name).healthcheck?.test.length, name).toBeGreaterThan(1);
      }
    });

    it("Directus' check sends the tunnel's header, so it counts as an address of its own, and pings", () => {
      const check = service("directus").healthcheck?.test.join(" ") ?? "";
      expect(check).toContain("--header 'CF-Connecting-IP: 127.0.0.1'");
      expect(check).toContain("http://127.0.0.1:8055/server/ping");
    });

    it("the schema init runs before Directus, on a healthy database and Redis; the tunnel waits for Directus", () => {
      expect(service("init").depends_on).toEqual({
        postgres: { condition: "service_healthy" },
        redis: { condition: "service_healthy" },
      });
      expect(service("init").command).toEqual(["sh", "ops/init.sh"]);
      expect(service("directus").depends_on?.init).toEqual({ condition: "service_completed_successfully" });
      expect(service("cloudflared").depends_on?.directus).toEqual({ condition: "service_healthy" });
    });

    it("mounts the scripts it runs, read-only, and they exist", () => {
      for (const name of ["init", "directus"]) {
        expect(service(name).volumes, name).toContain("./ops:/directus/ops:ro");
        expect(service(name).volumes, name).toContain("./schema:/directus/schema:ro");
        expect(service(name).volumes, name).toContain("./migrations:/directus/migrations:ro");
        // Our extensions (decision 0048), where the env file's EXTENSIONS_PATH points inside the image.
        expect(service(name).volumes, name).toContain("./extensions:/directus/extensions:ro");
      }
      expect(env.get("EXTENSIONS_PATH")).toBe("./extensions");
      expect(env.get("EXTENSIONS_MUST_LOAD")).toBe("true");
      expect(existsSync(join(CMS, "extensions/ingredient-paste/package.json"))).toBe(true);
      expect(service("backup").volumes).toContain("./ops:/ops:ro");
      for (const script of ["init.sh", "schema-guard.mjs", "backup-nightly.sh", "backup.sh", "restore-drill.sh"]) {
        expect(existsSync(join(CMS, "ops", script)), script).toBe(true);
      }
    });
  });

  describe("data", () => {
    it("keeps the database and the dumps in volumes", () => {
      expect(service("postgres").volumes).toEqual(["database:/var/lib/postgresql/data"]);
      expect(service("backup").volumes).toContain("backups:/backups");
      expect(Object.keys(compose.volumes).sort()).toEqual(["backups", "database", "uploads"]);
    });

    it("dumps nightly at BACKUP_AT and keeps BACKUP_KEEP_DAYS, both from the env file", () => {
      const backup = service("backup");
      expect(backup.command).toEqual(["sh", "/ops/backup-nightly.sh"]);
      expect(backup.environment?.BACKUP_AT).toMatch(/^\$\{BACKUP_AT:\?/);
      expect(backup.environment?.BACKUP_KEEP_DAYS).toMatch(/^\$\{BACKUP_KEEP_DAYS:\?/);
      expect(backup.environment?.BACKUP_DIR).toBe("/backups");
      expect(env.get("BACKUP_AT")).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      // Four weeks and more: a problem noticed at the next quarterly restore drill may still have a good dump.
      expect(Number(env.get("BACKUP_KEEP_DAYS"))).toBeGreaterThanOrEqual(28);
    });

    it("stores uploads in the S3-compatible bucket by default; the uploads volume is the opt-out", () => {
      expect(env.get("STORAGE_LOCATIONS")).toBe("s3");
      for (const name of ["KEY", "SECRET", "BUCKET", "REGION", "ENDPOINT"]) {
        expect(env.has(`STORAGE_S3_${name}`), name).toBe(true);
      }
      expect(env.get("STORAGE_S3_DRIVER")).toBe("s3");
      expect(env.has("STORAGE_LOCAL_ROOT")).toBe(false);
    });

    it("shares cache, rate limits and schedules through Redis, and runs the retention job hourly", () => {
      for (const name of ["CACHE_STORE", "RATE_LIMITER_STORE", "SYNCHRONIZATION_STORE"])
        expect(env.get(name), name).toBe("redis");
      expect(env.get("RETENTION_ENABLED")).toBe("true");
      // Minute, then every hour, day, month and weekday: the job the retention test runs every 2 s.
      expect(env.get("RETENTION_SCHEDULE")).toMatch(/^[0-5]?\d \* \* \* \*$/);
    });
  });
});
