#!/usr/bin/env bash
# Private native MariaDB for the project: data under .run/mariadb (RUN_DIR), listening on DB_HOST:DB_PORT only.
#   harness/runtimes/native/db.sh up     install (Debian packages) if missing, initialise, start, create user+db, load spec/schema.sql;
#                        nothing when DB_HOST is another machine's address (that host runs its own)
#   harness/runtimes/native/db.sh down   stop it (data kept; `make clean` removes it)
#   harness/runtimes/native/db.sh reset  truncate bookings and aggregates
#   harness/runtimes/native/db.sh fresh NAME...  drop and provision the databases NAME... (the fuzzer's, one per target)
# Idempotent: every step checks before it acts.
set -euo pipefail
cd "$(dirname "$0")/../../.."
ROOT=$PWD
RUN="${RUN_DIR:-$ROOT/.run}/mariadb"
DB_HOST=${DB_HOST:-127.0.0.1}
DB_PORT=${DB_PORT:-3307}
DB_NAME=${DB_NAME:-bench}
DB_USER=${DB_USER:-bench}
DB_PASSWORD=${DB_PASSWORD:-bench}
DB_CPUS=${DB_CPUS:-}
# The addresses the bench user may connect from: the stacks' and the bench's, as this host sees them.
DB_CLIENTS=${DB_CLIENTS:-127.0.0.1 localhost}
SOCK="$RUN/mysqld.sock"
PIDFILE="$RUN/mysqld.pid"

say() { echo "db: $*"; }
root_sql() { mariadb --protocol=socket --socket="$SOCK" -uroot "$@"; }

running() { [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }

install() {
  command -v mariadbd >/dev/null && command -v mariadb >/dev/null && return
  say "installing MariaDB from Debian packages"
  [ "$(id -u)" = 0 ] || { echo "db: MariaDB is missing; run as root or: sudo apt-get install mariadb-server mariadb-client" >&2; exit 1; }
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mariadb-server mariadb-client >/dev/null
  # Debian starts a system instance on 3306; it is not ours and not needed.
  (service mariadb stop || true) >/dev/null 2>&1
}

# Whether DB_HOST is one of this machine's addresses (loopback, or an interface's).
this_host() {
  case "$DB_HOST" in localhost|127.*|::1) return 0 ;; esac
  local address
  address=$(getent ahosts "$DB_HOST" | awk 'NR == 1 { print $1 }')
  [ -n "$address" ] && [ -n "$(ip -o addr show to "$address" 2>/dev/null)" ]
}

port_taken() { (exec 3<>"/dev/tcp/$DB_HOST/$DB_PORT") 2>/dev/null; }

start() {
  mkdir -p "$RUN"
  if [ ! -d "$RUN/data/mysql" ]; then
    say "initialising $RUN/data"
    mariadb-install-db --no-defaults --datadir="$RUN/data" --user="$(id -un)" \
      --auth-root-authentication-method=socket --skip-test-db >"$RUN/install.log" 2>&1 \
      || { cat "$RUN/install.log" >&2; exit 1; }
  fi
  if running; then say "already running (pid $(cat "$PIDFILE"))"; return; fi
  if port_taken; then
    holder=$(ss -Hltnp "sport = :$DB_PORT" 2>/dev/null | grep -o 'users:(("[^"]*"' | head -1 | cut -d'"' -f2)
    if [ "$holder" = docker-proxy ]; then
      echo "db: port $DB_PORT on $DB_HOST is held by the compose runtime's MariaDB: run \`make down RUNTIME=compose\` first" >&2; exit 1
    fi
    echo "db: port $DB_PORT on $DB_HOST is taken by ${holder:-another process}; stop it or set DB_PORT" >&2; exit 1
  fi
  local pin=()
  [ -n "$DB_CPUS" ] && pin=(taskset -c "$DB_CPUS")
  # The buffer pool holds the whole bench data set; flush at commit stays on (durable, as production would run).
  # Its own session: a signal to the process group that ran `db.sh up` (a Ctrl-C, a tool's timeout) must not
  # take the shared database down with it.
  nohup setsid "${pin[@]}" mariadbd --no-defaults --user="$(id -un)" --datadir="$RUN/data" \
    --bind-address="$DB_HOST" --port="$DB_PORT" --socket="$SOCK" --pid-file="$PIDFILE" \
    --log-error="$RUN/error.log" --character-set-server=utf8mb4 --collation-server=utf8mb4_nopad_bin \
    --default-time-zone=+00:00 --max-connections=500 --innodb-buffer-pool-size=512M \
    --skip-name-resolve >/dev/null 2>&1 &
  for _ in $(seq 1 60); do
    root_sql -e 'SELECT 1' >/dev/null 2>&1 && break
    sleep 0.5
  done
  root_sql -e 'SELECT 1' >/dev/null 2>&1 || { echo "db: MariaDB did not start; last log lines:" >&2; tail -20 "$RUN/error.log" >&2; exit 1; }
  say "MariaDB $(root_sql -N -e 'SELECT VERSION()') on $DB_HOST:$DB_PORT"
}

provision() {
  root_sql <<SQL
CREATE DATABASE IF NOT EXISTS \`$DB_NAME\` CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
$(for client in $DB_CLIENTS; do
  echo "CREATE USER IF NOT EXISTS '$DB_USER'@'$client' IDENTIFIED BY '$DB_PASSWORD';"
  echo "GRANT ALL PRIVILEGES ON \`$DB_NAME\`.* TO '$DB_USER'@'$client';"
  # PROCESS lets the conformance suite see the statement a stack is waiting in (the FOR UPDATE clause), and the
  # bench wait until no transaction is open before it truncates.
  echo "GRANT PROCESS ON *.* TO '$DB_USER'@'$client';"
done)
SQL
  root_sql "$DB_NAME" < "$ROOT/spec/schema.sql"
  say "database $DB_NAME ready ($(root_sql -N "$DB_NAME" -e 'SELECT COUNT(*) FROM fiscal_periods') fiscal periods)"
}

stop() {
  if ! running; then say "not running"; return; fi
  local pid; pid=$(cat "$PIDFILE")
  kill "$pid"
  for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || { say "stopped"; return; }; sleep 0.5; done
  echo "db: mariadbd $pid did not stop in 30 s" >&2; exit 1
}

# Empty databases of their own, for the differential fuzzer's targets (make fuzz): dropped and provisioned again.
fresh() {
  for name in "$@"; do
    root_sql -e "DROP DATABASE IF EXISTS \`$name\`"
    DB_NAME=$name provision >/dev/null
  done
  say "fresh databases: $*"
}

reset() {
  root_sql "$DB_NAME" -e 'TRUNCATE TABLE bookings; TRUNCATE TABLE aggregates;'
}

case "${1:-}" in
  up)
    if ! this_host; then say "DB_HOST $DB_HOST is another machine's address: its MariaDB is started there"; exit 0; fi
    install; start; provision ;;
  down) stop ;;
  reset) reset ;;
  fresh) shift; fresh "$@" ;;
  *) echo "usage: $0 up|down|reset|fresh NAME..." >&2; exit 2 ;;
esac
