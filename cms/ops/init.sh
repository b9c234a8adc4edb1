#!/bin/sh
# The database's side of a start, run once before Directus starts (the `init` service of cms/compose.yaml,
# and by hand on a host without containers): Directus' own tables, the schema, our migrations. Each step is a
# no-op when there is nothing to do. The schema is applied only when that deletes nothing the database has,
# or only what SCHEMA_DROP_ALLOW names (schema-guard.mjs); otherwise this stops before any change.
#
#   DIRECTUS_CLI     how to run Directus' CLI (default: node cli.js, the official image's)
#   SCHEMA_SNAPSHOT  the snapshot to apply (default: schema/snapshot.postgres.json)
#   SCHEMA_DROP_ALLOW  collections and fields the apply may delete, comma-separated
set -eu

cli=${DIRECTUS_CLI:-node cli.js}
snapshot=${SCHEMA_SNAPSHOT:-schema/snapshot.postgres.json}
here=$(dirname "$0")
live=$(mktemp)
trap 'rm -f "$live"' EXIT

# Our migrations change collections that only exist once the schema is applied: not during a first bootstrap.
MIGRATIONS_PATH=./no-migrations $cli bootstrap
$cli schema snapshot --yes --format json "$live"
node "$here/schema-guard.mjs" "$live" "$snapshot"
$cli schema apply --yes "$snapshot"
$cli database migrate:latest
