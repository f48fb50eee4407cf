#!/bin/bash
# The stand-in mariadb image's healthcheck.sh (mariadb.Dockerfile): the two checks docker-compose.yml names, as the
# official image's script defines them, with the healthcheck user the entrypoint made.
#   --connect              the server accepts a connection and listens on the network (not the initialising server)
#   --innodb_initialized   InnoDB has finished starting
set -uo pipefail
query() { mariadb --defaults-extra-file=/var/lib/mysql/.my-healthcheck.cnf --skip-column-names --batch -e "$1" 2>/dev/null; }
[ $# -gt 0 ] || { echo "healthcheck.sh: name --connect and/or --innodb_initialized" >&2; exit 2; }
for check in "$@"; do
  case "$check" in
    --connect) [ "$(query 'SELECT @@skip_networking')" = 0 ] || exit 1 ;;
    --innodb_initialized)
      [ "$(query "SELECT 1 FROM information_schema.ENGINES WHERE engine = 'InnoDB' AND support IN ('YES', 'DEFAULT')")" = 1 ] || exit 1 ;;
    *) echo "healthcheck.sh: this stand-in has no check $check" >&2; exit 2 ;;
  esac
done
