#!/bin/sh
# The backup service of cms/compose.yaml: backup.sh every day at BACKUP_AT (HH:MM, UTC), for as long as it runs.
# A failed night is logged and tried again the next night; the monitoring of docs/operations.md, 2.4 watches the
# newest dump's age. `backup-nightly.sh --next` only prints when the next run is due.
set -eu

at=${BACKUP_AT:-03:30}
case $at in
  [01][0-9]:[0-5][0-9] | 2[0-3]:[0-5][0-9]) ;;
  *) echo "backup: BACKUP_AT must be HH:MM (UTC), not '$at'" >&2; exit 64 ;;
esac
here=$(dirname "$0")

# Seconds from now until the next BACKUP_AT.
seconds_to_next() {
  now=$(date -u +%s)
  next=$(date -u -d "$(date -u +%Y-%m-%d) $at" +%s)
  [ "$next" -gt "$now" ] || next=$((next + 86400))
  echo $((next - now))
}

if [ "${1:-}" = "--next" ]; then
  wait=$(seconds_to_next)
  echo "backup: next run at $(date -u -d "@$(($(date -u +%s) + wait))" +%Y-%m-%dT%H:%MZ), in $wait s"
  exit 0
fi

echo "backup: every day at $at UTC into ${BACKUP_DIR:-/backups}, kept ${BACKUP_KEEP_DAYS:-30} days"
while :; do
  sleep "$(seconds_to_next)"
  sh "$here/backup.sh" || echo "backup: FAILED; the next try is tomorrow at $at UTC" >&2
done
