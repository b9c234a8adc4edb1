/**
 * The Postgres test stage runs Directus on Debian's PostgreSQL. This installs
 * the package with apt when no server is installed (as root, or through
 * passwordless sudo), so a fresh machine needs no manual step.
 */
import { ensurePostgres } from "../local-stack/postgres.ts";

console.log(`ensure-postgres: using ${ensurePostgres((line) => console.log(`ensure-postgres: ${line}`))}`);
