/**
 * The CMS test stage runs one Directus with Redis, as production runs several
 * instances. This installs Debian's redis-server with apt when it is missing
 * (as root, or through passwordless sudo), so a fresh machine needs no manual step.
 */
import { ensureRedis } from "../local-stack/redis.ts";

console.log(`ensure-redis: using ${ensureRedis((line) => console.log(`ensure-redis: ${line}`))}`);
