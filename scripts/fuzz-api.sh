#!/usr/bin/env bash
# Property-based API fuzzing with schemathesis against the server's own OpenAPI document:
# every operation, generated and mutated inputs, and the one check that matters here —
# no answer is a server error. Uses the test cluster and a seeded user.
#
#   scripts/fuzz-api.sh [max examples per operation, default 40]
set -euo pipefail
cd "$(dirname "$0")/.."
examples=${1:-40}
pg_port=${TEST_PG_PORT:-54339}
command -v schemathesis >/dev/null 2>&1 || pip install -q schemathesis
scripts/pg.sh start target/test-pg "$pg_port" --fast >/dev/null
scripts/pg.sh sql target/test-pg "$pg_port" "DROP DATABASE IF EXISTS myspending_fuzz WITH (FORCE)"
scripts/pg.sh sql target/test-pg "$pg_port" "CREATE DATABASE myspending_fuzz"
export DATABASE_URL="postgres://myspending:$(cat target/test-pg/password)@127.0.0.1:$pg_port/myspending_fuzz"
cargo build --locked --bin myspending
work=$(mktemp -d)
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
DATA_DIR="$work" BIND_ADDR="127.0.0.1:$port" RUST_LOG=warn FRONTEND_DIR=/nonexistent \
AUTH_ATTEMPTS_PER_IP_PER_MINUTE=100000 AUTH_ATTEMPTS_PER_EMAIL_PER_MINUTE=100000 \
  target/debug/myspending serve > "$work/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break; sleep 0.1; done
DATA_DIR="$work" target/debug/myspending seed --email fuzz@example.com --password FuzzPass1 --months 3 >/dev/null
# A superadmin, so the user-management operations are fuzzed past their permission check too.
DATA_DIR="$work" target/debug/myspending create-admin --email fuzz@example.com --name "Fuzz Admin" --password FuzzPass1 >/dev/null
token=$(curl -fs -H 'content-type: application/json' -d '{"email":"fuzz@example.com","password":"FuzzPass1"}' \
  "http://127.0.0.1:$port/api/auth/login" | /usr/bin/python3 -c 'import sys,json; print(json.load(sys.stdin)["token"])')
curl -fs "http://127.0.0.1:$port/api/openapi.json" > "$work/openapi.json"
schemathesis run "$work/openapi.json" --url "http://127.0.0.1:$port" -H "Authorization: Bearer $token" \
  --checks not_a_server_error --max-examples "$examples" --workers 2
