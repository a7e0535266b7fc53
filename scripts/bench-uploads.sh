#!/usr/bin/env bash
# Photo uploads under load and the server's memory through them, against a release build:
# scripts/upload-load.py drives it (12 MP photos from 8 connections, 49 MP photos, bombs and
# oversized bodies) and samples RSS before, during and after.
#
#   scripts/bench-uploads.sh                       (uses the test cluster in target/test-pg)
#   IMAGE_CONCURRENCY=2 scripts/bench-uploads.sh   (any environment is passed to the server)
set -euo pipefail
cd "$(dirname "$0")/.."
pg_port=${TEST_PG_PORT:-54339}
db="myspending_bench_uploads"
scripts/pg.sh start target/test-pg "$pg_port" --fast >/dev/null
url="postgres://myspending:$(cat target/test-pg/password)@127.0.0.1:$pg_port/$db"
bin=target/release/myspending
[ -x "$bin" ] || cargo build --release --locked --bin myspending
work=$(mktemp -d)
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
email="upload-bench@example.com"
password="BenchPass1"

if [ "$(scripts/pg.sh sql target/test-pg "$pg_port" "SELECT count(*) FROM pg_database WHERE datname = '$db'")" != 1 ]; then
  scripts/pg.sh sql target/test-pg "$pg_port" "CREATE DATABASE $db"
fi
DATABASE_URL="$url" DATA_DIR="$work" RUST_LOG=warn "$bin" seed --email "$email" --password "$password" \
  --months 1 --only-if-new >/dev/null

DATABASE_URL="$url" DATA_DIR="$work" BIND_ADDR="127.0.0.1:$port" RUST_LOG=warn FRONTEND_DIR=/nonexistent "$bin" serve &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do curl -fs "$base/api/health" >/dev/null 2>&1 && break; sleep 0.1; done
sleep 1

echo "release build, $(nproc) cores, IMAGE_CONCURRENCY=${IMAGE_CONCURRENCY:-1}"
/usr/bin/python3 scripts/upload-load.py --base "$base" --pid "$pid" --email "$email" --password "$password" "$@"
