#!/bin/sh
# One dump of Directus' database, then the old ones pruned: the backup service of cms/compose.yaml runs it every
# night (backup-nightly.sh); on a host without containers, a systemd timer or cron can run it the same way.
#
#   DB_HOST, DB_PORT, DB_DATABASE, DB_USER, DB_PASSWORD  the database, in Directus' own names (cms/.env)
#   BACKUP_DIR        where the dumps go (default /backups)
#   BACKUP_KEEP_DAYS  dumps older than this many days are deleted (default 30) …
#   BACKUP_KEEP_MIN   … but never the newest this many (default 7), so failed nights cannot empty the folder
#
# A dump is directus-<UTC time>.dump, pg_dump's custom format (pg_restore reads it). It leaves out the rows of
# directus_activity, directus_revisions and directus_sessions: they hold visitors' IP addresses, which the privacy
# page promises to delete within 7 days, and a restore needs none of them (everyone signs in again). A dump is
# written under .partial, checked with pg_restore --list, and renamed only then.
set -eu

dir=${BACKUP_DIR:-/backups}
keep_days=${BACKUP_KEEP_DAYS:-30}
keep_min=${BACKUP_KEEP_MIN:-7}
for value in "$keep_days" "$keep_min"; do
  case $value in '' | *[!0-9]*) echo "backup: BACKUP_KEEP_DAYS and BACKUP_KEEP_MIN must be whole numbers" >&2; exit 64 ;; esac
done
: "${DB_HOST:?backup: DB_HOST is not set}" "${DB_DATABASE:?backup: DB_DATABASE is not set}"
: "${DB_USER:?backup: DB_USER is not set}" "${DB_PASSWORD:?backup: DB_PASSWORD is not set}"
export PGHOST="$DB_HOST" PGPORT="${DB_PORT:-5432}" PGDATABASE="$DB_DATABASE" PGUSER="$DB_USER" PGPASSWORD="$DB_PASSWORD"

mkdir -p "$dir"
rm -f "$dir"/directus-*.dump.partial
file="$dir/directus-$(date -u +%Y%m%dT%H%M%SZ).dump"
pg_dump --format=custom --no-owner --no-privileges \
  --exclude-table-data=directus_activity --exclude-table-data=directus_revisions \
  --exclude-table-data=directus_sessions --file="$file.partial"
pg_restore --list "$file.partial" > /dev/null
mv "$file.partial" "$file"
echo "backup: wrote $file ($(wc -c < "$file" | tr -d ' ') bytes)"

# Names sort by time; the newest keep_min stay whatever their age.
cutoff=$(date -u -d "@$(($(date -u +%s) - keep_days * 86400))" +%Y%m%d)
count=$(find "$dir" -maxdepth 1 -name 'directus-*.dump' | wc -l)
find "$dir" -maxdepth 1 -name 'directus-*.dump' | sort | head -n "$((count > keep_min ? count - keep_min : 0))" |
  while read -r old; do
    day=$(basename "$old" | sed -n 's/^directus-\([0-9]\{8\}\)T.*\.dump$/\1/p')
    if [ -n "$day" ] && [ "$day" -lt "$cutoff" ]; then
      rm -f "$old"
      echo "backup: deleted $old (older than $keep_days days)"
    fi
  done
