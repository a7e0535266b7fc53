#!/usr/bin/env bash
# Property-based API fuzzing with schemathesis against the server's own OpenAPI document:
# every operation, generated and mutated inputs, and three checks — no answer is a server
# error, every status is one the document lists for that operation, and every body matches
# the schema the document gives it. Uses the test cluster and a seeded superadmin, whom
# schemathesis signs in as itself, again whenever a fuzzed call ends the session
# (scripts/fuzz-api.toml).
#
#   scripts/fuzz-api.sh [max examples per operation, default 40] [phases, default all four] [schemathesis options...]
#
# The stateful phase chains calls: an id or a Location header one answer gives goes into the next
# call (schemathesis infers the links; the document declares none). `just fuzz-api-ci` (part of
# `just test`) runs a small seeded budget of all four phases; `just fuzz-api` a long one. Options
# after the phases go to `schemathesis run`, e.g. `--report har` to keep every request.
set -euo pipefail
cd "$(dirname "$0")/.."
examples=${1:-40}
phases=${2:-examples,coverage,fuzzing,stateful}
shift $(( $# < 2 ? $# : 2 ))
seed=${FUZZ_SEED:-20261127}
pg_port=${TEST_PG_PORT:-54339}

scripts/test-tools.sh
tools=target/tools/schemathesis

scripts/pg.sh start target/test-pg "$pg_port" --fast >/dev/null
scripts/pg.sh sql target/test-pg "$pg_port" "DROP DATABASE IF EXISTS myspending_fuzz WITH (FORCE)"
scripts/pg.sh sql target/test-pg "$pg_port" "CREATE DATABASE myspending_fuzz"
export DATABASE_URL="postgres://myspending:$(cat target/test-pg/password)@127.0.0.1:$pg_port/myspending_fuzz"
[ -x target/debug/myspending ] || cargo build --locked --bin myspending
work=$(mktemp -d)
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
DATA_DIR="$work" BIND_ADDR="127.0.0.1:$port" RUST_LOG=warn FRONTEND_DIR=/nonexistent \
AUTH_ATTEMPTS_PER_IP_PER_MINUTE=100000 AUTH_ATTEMPTS_PER_EMAIL_PER_MINUTE=100000 \
  target/debug/myspending serve > "$work/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break; sleep 0.1; done
export FUZZ_EMAIL=fuzz@example.com FUZZ_PASSWORD=FuzzPass1
DATA_DIR="$work" target/debug/myspending seed --email "$FUZZ_EMAIL" --password "$FUZZ_PASSWORD" --months 3 >/dev/null
# A superadmin, so the user-management operations are fuzzed past their permission check too.
DATA_DIR="$work" target/debug/myspending create-admin --email "$FUZZ_EMAIL" --name "Fuzz Admin" --password "$FUZZ_PASSWORD" >/dev/null
curl -fs "http://127.0.0.1:$port/api/openapi.json" > "$work/openapi.json"
# One worker and a fixed seed: the same cases in the same order every run; no example database,
# so an earlier run's failures do not change what this one tries.
status=0
"$tools/bin/schemathesis" --config-file scripts/fuzz-api.toml run "$work/openapi.json" --url "http://127.0.0.1:$port" \
  --checks not_a_server_error,status_code_conformance,response_schema_conformance \
  --max-examples "$examples" --phases "$phases" --seed "$seed" --generation-database none \
  --workers 1 --no-color "$@" || status=$?
if [ "$status" -ne 0 ]; then
  echo "fuzz-api: the server's log (last 40 lines):" >&2
  tail -40 "$work/server.log" >&2
fi
exit "$status"
