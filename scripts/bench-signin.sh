#!/usr/bin/env bash
# Sign-in under load and the server's memory through it, against a release build: 8
# connections signing in for 15 s, then 64 connections of wrong passwords for 7 s (while another
# client lists transactions), then four 2,000-row PDFs at once; peak RSS and RSS 5 s later.
# The attempt limits are raised so that the hashing path itself is measured.
#
#   scripts/bench-signin.sh           (uses the test cluster in target/test-pg)
#   MALLOC_ARENA_MAX=2 scripts/bench-signin.sh     (any environment is passed to the server)
set -euo pipefail
cd "$(dirname "$0")/.."
pg_port=${TEST_PG_PORT:-54339}
db="myspending_bench_signin"
scripts/pg.sh start target/test-pg "$pg_port" --fast >/dev/null
url="postgres://myspending:$(cat target/test-pg/password)@127.0.0.1:$pg_port/$db"
bin=target/release/myspending
[ -x "$bin" ] || cargo build --release --locked --bin myspending
work=$(mktemp -d)
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
email="signin-bench@example.com"
password="BenchPass1"

if [ "$(scripts/pg.sh sql target/test-pg "$pg_port" "SELECT count(*) FROM pg_database WHERE datname = '$db'")" != 1 ]; then
  scripts/pg.sh sql target/test-pg "$pg_port" "CREATE DATABASE $db"
fi
# A month of 2,000 transactions: the list the bystander reads and the PDF the last step renders.
DATABASE_URL="$url" DATA_DIR="$work" RUST_LOG=warn "$bin" seed --email "$email" --password "$password" \
  --months 1 --transactions 2000 --only-if-new >/dev/null

DATABASE_URL="$url" DATA_DIR="$work" BIND_ADDR="127.0.0.1:$port" RUST_LOG=warn FRONTEND_DIR=/nonexistent \
  AUTH_ATTEMPTS_PER_IP_PER_MINUTE=1000000 AUTH_ATTEMPTS_PER_EMAIL_PER_MINUTE=1000000 "$bin" serve &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do curl -fs "$base/api/health" >/dev/null 2>&1 && break; sleep 0.1; done
sleep 1

echo "release build, $(nproc) cores, PASSWORD_HASH_CONCURRENCY=${PASSWORD_HASH_CONCURRENCY:-cores}, PDF_CONCURRENCY=${PDF_CONCURRENCY:-1}"
/usr/bin/python3 scripts/signin-load.py --base "$base" --pid "$pid" --email "$email" --password "$password" \
  --pdf-email "$email" --cores "$(nproc)" "$@" \
  --pdf-path "/api/reports/monthly/pdf?year=$(date -u +%Y)&month=$((10#$(date -u +%m)))"
