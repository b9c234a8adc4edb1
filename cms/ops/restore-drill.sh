#!/bin/sh
# The restore drill (docs/operations.md, 4): restores a dump into a scratch database next to the live one, counts
# what matters in both, and drops the scratch database again. It never writes to the live database.
#
#   restore-drill.sh <dump>
#   DB_HOST, DB_PORT, DB_DATABASE, DB_USER, DB_PASSWORD  the live database (cms/.env); DB_USER may create databases
#   RESTORE_DATABASE  the scratch database (default directus_restore_drill); RESTORE_KEEP=1 keeps it afterwards
set -eu

dump=${1:?usage: restore-drill.sh <dump>}
[ -r "$dump" ] || { echo "restore: cannot read $dump" >&2; exit 66; }
: "${DB_HOST:?restore: DB_HOST is not set}" "${DB_DATABASE:?restore: DB_DATABASE is not set}"
: "${DB_USER:?restore: DB_USER is not set}" "${DB_PASSWORD:?restore: DB_PASSWORD is not set}"
scratch=${RESTORE_DATABASE:-directus_restore_drill}
case $scratch in
  "$DB_DATABASE") echo "restore: refusing to restore into the live database $DB_DATABASE" >&2; exit 64 ;;
  *[!a-z0-9_]*) echo "restore: RESTORE_DATABASE may hold only a-z, 0-9 and _" >&2; exit 64 ;;
esac
export PGHOST="$DB_HOST" PGPORT="${DB_PORT:-5432}" PGUSER="$DB_USER" PGPASSWORD="$DB_PASSWORD"

dropdb --if-exists "$scratch"
createdb "$scratch"
pg_restore --no-owner --no-privileges --exit-on-error --dbname="$scratch" "$dump"

counts() {
  psql --dbname="$1" --no-psqlrc --quiet --tuples-only --no-align --field-separator=' ' --command "
    select 'published_recipes', count(*) from recipe where status = 'published'
    union all select 'recipes', count(*) from recipe
    union all select 'ingredients', count(*) from ingredient
    union all select 'users', count(*) from directus_users
    union all select 'saved_recipes', count(*) from saved_recipes
    union all select 'files', count(*) from directus_files"
}
echo "restore: what           restored  live"
counts "$scratch" > "${TMPDIR:-/tmp}/restore-drill.$$"
counts "$DB_DATABASE" | while read -r what live; do
  restored=$(sed -n "s/^$what //p" "${TMPDIR:-/tmp}/restore-drill.$$")
  printf 'restore: %-17s %8s  %4s\n' "$what" "$restored" "$live"
done
rm -f "${TMPDIR:-/tmp}/restore-drill.$$"

if [ "${RESTORE_KEEP:-}" = 1 ]; then
  echo "restore: kept $scratch; drop it with: dropdb $scratch"
else
  dropdb "$scratch"
  echo "restore: dropped $scratch"
fi
