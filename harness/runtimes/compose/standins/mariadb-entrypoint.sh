#!/bin/bash
# The stand-in mariadb image's entrypoint (mariadb.Dockerfile): on an empty data volume, the database, user and
# random root password from MARIADB_*, then /docker-entrypoint-initdb.d in order, on a server that listens on its
# socket only; then the server itself, as the mysql user, with the command's options.
set -euo pipefail
[ "${1:0:1}" = '-' ] && set -- mariadbd "$@"
[ "$1" = mariadbd ] || exec "$@"
shift
DATADIR=/var/lib/mysql
SOCKET=/run/mysqld/mysqld.sock
log() { echo "entrypoint: $*"; }

# Root's statements on the socket; with --database when MARIADB_DATABASE is set, as the official image's helper.
docker_process_sql() {
  mariadb --protocol=socket --socket="$SOCKET" -uroot --password="$ROOT_PASSWORD" ${MARIADB_DATABASE:+--database="$MARIADB_DATABASE"} "$@"
}
sql_string() { local s=${1//\\/\\\\}; printf "'%s'" "${s//\'/\'\'}"; }

initialise() {
  [ "${MARIADB_RANDOM_ROOT_PASSWORD:-}" ] || { echo "entrypoint: this stand-in supports MARIADB_RANDOM_ROOT_PASSWORD only" >&2; exit 1; }
  log "initialising $DATADIR"
  mariadb-install-db --user=mysql --datadir="$DATADIR" --auth-root-authentication-method=socket --skip-test-db >/dev/null
  mariadbd --user=mysql --datadir="$DATADIR" --socket="$SOCKET" --skip-networking "$@" &
  local pid=$!
  for _ in $(seq 60); do mariadb-admin --socket="$SOCKET" -uroot ping >/dev/null 2>&1 && break; sleep 1; done
  ROOT_PASSWORD=$(head -c 24 /dev/urandom | base64 | tr -d '/+=')
  log "GENERATED ROOT PASSWORD: $ROOT_PASSWORD"
  local health
  health=$(head -c 24 /dev/urandom | base64 | tr -d '/+=')
  mariadb --protocol=socket --socket="$SOCKET" -uroot <<SQL
ALTER USER 'root'@'localhost' IDENTIFIED BY $(sql_string "$ROOT_PASSWORD");
CREATE USER 'healthcheck'@'localhost' IDENTIFIED BY $(sql_string "$health");
GRANT USAGE ON *.* TO 'healthcheck'@'localhost';
${MARIADB_DATABASE:+CREATE DATABASE IF NOT EXISTS \`$MARIADB_DATABASE\`;}
${MARIADB_USER:+CREATE USER $(sql_string "$MARIADB_USER")@'%' IDENTIFIED BY $(sql_string "${MARIADB_PASSWORD:-}");}
${MARIADB_USER:+${MARIADB_DATABASE:+GRANT ALL ON \`$MARIADB_DATABASE\`.* TO $(sql_string "$MARIADB_USER")@'%';}}
SQL
  printf '[mariadb-client]\nuser=healthcheck\npassword=%s\nsocket=%s\nprotocol=socket\n' "$health" "$SOCKET" >"$DATADIR/.my-healthcheck.cnf"
  chown mysql:mysql "$DATADIR/.my-healthcheck.cnf" && chmod 600 "$DATADIR/.my-healthcheck.cnf"
  local f
  for f in /docker-entrypoint-initdb.d/*; do
    case "$f" in
      *.sql) log "running $f"; docker_process_sql <"$f" ;;
      *.sh) log "sourcing $f"; . "$f" ;;
      *) [ -e "$f" ] && log "ignoring $f" ;;
    esac
  done
  mariadb-admin --socket="$SOCKET" -uroot --password="$ROOT_PASSWORD" shutdown
  wait "$pid" || true
  log "initialised"
}

chown mysql:mysql "$DATADIR" /run/mysqld
[ -d "$DATADIR/mysql" ] || initialise "$@"
exec mariadbd --user=mysql --datadir="$DATADIR" --socket="$SOCKET" "$@"
