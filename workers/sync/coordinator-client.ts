/**
 * How the Worker reaches the catalog coordinator: the one Durable Object
 * instance of the CATALOG_COORDINATOR namespace, by name.
 */
import type { CatalogCoordinator } from "./catalog-coordinator.ts";

/** The name of the one coordinator instance; every location reaches the same one. */
const COORDINATOR_NAME = "catalog";

export function catalogCoordinator(env: Env): DurableObjectStub<CatalogCoordinator> {
  return env.CATALOG_COORDINATOR.getByName(COORDINATOR_NAME);
}
