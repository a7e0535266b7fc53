#!/usr/bin/env bash
# A project-local PostgreSQL cluster made with the machine's initdb/pg_ctl.
#
#   scripts/pg.sh start DIR PORT [--fast]   start (creating it on first use); prints its admin URL
#   scripts/pg.sh createdb DIR PORT NAME    create database NAME unless it exists
#   scripts/pg.sh sql DIR PORT SQL          run SQL in the maintenance database; prints rows
#   scripts/pg.sh stop DIR                  stop it
#   scripts/pg.sh crash DIR                 stop it as a crash would (-m immediate: no checkpoint,
#                                           recovery from the WAL at the next start)
#
# The cluster lives in DIR/data, listens on 127.0.0.1:PORT only, and uses scram-sha-256 with a
# generated password kept in DIR/password. --fast turns off fsync (for throw-away test clusters).
# PostgreSQL refuses to run as root, so under root the server runs as the 'postgres' system user.
set -euo pipefail

log() { echo "pg.sh: $*" >&2; }

find_bindir() {
  local candidate
  for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    [ -x "$candidate/initdb" ] && { echo "$candidate"; return 0; }
  done
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"; return 0
  fi
  return 1
}

ensure_binaries() {
  if BINDIR=$(find_bindir); then return 0; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "PostgreSQL server binaries are missing; installing Debian's postgresql package"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
    BINDIR=$(find_bindir) && return 0
  fi
  log "PostgreSQL server binaries (initdb, pg_ctl) were not found."
  log "Install them, e.g. on Debian/Ubuntu: sudo apt-get install postgresql"
  log "or set DATABASE_URL to a PostgreSQL server you already run."
  exit 1
}

# Runs a command as the cluster's owner.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u "$OWNER" -- "$@"; else "$@"; fi
}

pick_owner() {
  if [ "$(id -u)" != 0 ]; then OWNER=$(id -un); return; fi
  OWNER=postgres
  if ! id "$OWNER" >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/postgresql --shell /usr/sbin/nologin "$OWNER"
  fi
}

# Under root, the owner must be able to reach DIR; if some parent folder is closed to it,
# keep the cluster under /var/lib/myspending-pg and leave a symlink at DIR/data.
resolve_datadir() {
  mkdir -p "$DIR"
  DATA="$DIR/data"
  if [ "$(id -u)" = 0 ]; then
    if [ -L "$DATA" ]; then DATA=$(readlink -f "$DATA"); return; fi
    mkdir -p "$DATA" && chown "$OWNER" "$DATA" && chmod 700 "$DATA"
    if ! runuser -u "$OWNER" -- test -w "$DATA"; then
      rmdir "$DATA"
      local elsewhere="/var/lib/myspending-pg/$(echo -n "$DIR" | sha256sum | cut -c1-16)"
      mkdir -p "$elsewhere" && chown "$OWNER" "$elsewhere" && chmod 700 "$elsewhere"
      ln -s "$elsewhere" "$DATA"
      DATA="$elsewhere"
      log "using $elsewhere for the cluster ($DIR is not reachable by user $OWNER)"
    fi
  else
    mkdir -p "$DATA" && chmod 700 "$DATA"
  fi
}

start() {
  DIR=$(realpath -m "$1"); PORT=$2; FAST=${3:-}
  ensure_binaries
  pick_owner
  resolve_datadir
  sock=$(realpath -m "$DATA/sock")
  if [ ! -f "$DIR/password" ]; then
    head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$DIR/password"
    chmod 600 "$DIR/password"
  fi
  local password; password=$(cat "$DIR/password")
  if [ ! -f "$DATA/PG_VERSION" ]; then
    log "creating a PostgreSQL cluster in $DATA"
    local pwfile; pwfile=$(mktemp); echo "$password" > "$pwfile"
    [ "$(id -u)" = 0 ] && chown "$OWNER" "$pwfile"
    as_owner "$BINDIR/initdb" -D "$DATA" -U myspending --pwfile="$pwfile" -A scram-sha-256 -E UTF8 --no-locale >&2
    rm -f "$pwfile"
  fi
  as_owner mkdir -p "$sock"
  if ! as_owner "$BINDIR/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
    local opts="-p $PORT -c listen_addresses=127.0.0.1 -k $sock"
    if [ "$FAST" = "--fast" ]; then
      opts="$opts -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300"
    fi
    as_owner "$BINDIR/pg_ctl" -D "$DATA" -l "$DATA/server.log" -o "$opts" -w -t 60 start >&2 \
      || { log "PostgreSQL did not start; its log:"; tail -n 30 "$DATA/server.log" >&2; exit 1; }
  fi
  echo "postgres://myspending:$password@127.0.0.1:$PORT/postgres"
}

stop() {
  DIR=$(realpath -m "$1"); local mode=${2:-fast}
  ensure_binaries
  pick_owner
  local data="$DIR/data"
  [ -e "$data/PG_VERSION" ] || exit 0
  as_owner "$BINDIR/pg_ctl" -D "$(readlink -f "$data")" -m "$mode" -w stop >&2 || true
}

createdb() {
  DIR=$(realpath -m "$1"); PORT=$2; NAME=$3
  ensure_binaries
  local password; password=$(cat "$DIR/password")
  local exists
  exists=$(PGPASSWORD="$password" "$BINDIR/psql" -h 127.0.0.1 -p "$PORT" -U myspending -d postgres -tAc \
    "SELECT 1 FROM pg_database WHERE datname = '$NAME'")
  if [ "$exists" != 1 ]; then
    PGPASSWORD="$password" "$BINDIR/psql" -q -h 127.0.0.1 -p "$PORT" -U myspending -d postgres -c "CREATE DATABASE \"$NAME\"" >&2
    log "created database $NAME"
  fi
}

sql() {
  DIR=$(realpath -m "$1"); PORT=$2
  ensure_binaries
  PGPASSWORD=$(cat "$DIR/password") "$BINDIR/psql" -q -X -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U myspending -d postgres -tA -c "$3"
}

case "${1:-}" in
  start) shift; start "$@" ;;
  stop) shift; stop "$1" ;;
  crash) shift; stop "$1" immediate ;;
  createdb) shift; createdb "$@" ;;
  sql) shift; sql "$@" ;;
  *) echo "usage: $0 start DIR PORT [--fast] | createdb DIR PORT NAME | stop DIR | crash DIR" >&2; exit 2 ;;
esac
