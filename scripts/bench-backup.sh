#!/usr/bin/env bash
# A backup with the item photos out (GET /backup?images=true) and back in (POST /restore) and the
# server's memory through both, against a release build; scripts/backup-photos-load.py drives it.
#
#   scripts/bench-backup.sh                  (150 photographed items; uses target/test-pg)
#   scripts/bench-backup.sh --photos 400
set -euo pipefail
cd "$(dirname "$0")/.."
pg_port=${TEST_PG_PORT:-54339}
db="myspending_bench_backup"
scripts/pg.sh start target/test-pg "$pg_port" --fast >/dev/null
url="postgres://myspending:$(cat target/test-pg/password)@127.0.0.1:$pg_port/$db"
bin=${BENCH_BIN:-target/release/myspending}
[ -x "$bin" ] || cargo build --release --locked --bin myspending
work=$(mktemp -d)
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
password="BenchPass1"

# A fresh database each run: the restore needs an empty user.
scripts/pg.sh sql target/test-pg "$pg_port" "DROP DATABASE IF EXISTS $db" >/dev/null
scripts/pg.sh sql target/test-pg "$pg_port" "CREATE DATABASE $db" >/dev/null
export DATABASE_URL="$url" DATA_DIR="$work" RUST_LOG=warn
"$bin" seed --email "backup-bench@example.com" --password "$password" --months 12 >/dev/null
"$bin" create-admin --email "restore-bench@example.com" --name "Restore Bench" --password "$password" >/dev/null

BIND_ADDR="127.0.0.1:$port" FRONTEND_DIR=/nonexistent "$bin" serve &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do curl -fs "$base/api/health" >/dev/null 2>&1 && break; sleep 0.1; done
sleep 1

echo "$( [ "$bin" = target/release/myspending ] && echo release || echo "$bin" ) build, $(nproc) cores"
/usr/bin/python3 scripts/backup-photos-load.py --base "$base" --pid "$pid" --email "backup-bench@example.com" \
  --restore-email "restore-bench@example.com" --password "$password" "$@"
