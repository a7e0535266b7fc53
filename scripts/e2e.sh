#!/usr/bin/env bash
# Browser journeys: the real server (debug build) on a fresh database of the test cluster,
# a real SMTP server (aiosmtpd, delivering into a maildir the tests read links from), a fake
# Enable Banking (scripts/fake-enablebanking.mjs, its consent page included), the built React
# app, and Playwright driving Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
run=${E2E_RUN:-main}
dist=$(realpath -m "${E2E_DIST:-$root/frontend/dist}")
if [ "$run" = main ]; then work="$root/target/e2e"; else work="$root/target/e2e-$run"; fi
rm -rf "$work" && mkdir -p "$work/maildir" "$work/data"

run_lc=${run,,}
db=myspending_e2e_${run_lc//[^a-z0-9]/_}
pg_port=${TEST_PG_PORT:-54339}
scripts/pg.sh sql target/test-pg "$pg_port" "DROP DATABASE IF EXISTS $db WITH (FORCE)"
scripts/pg.sh sql target/test-pg "$pg_port" "CREATE DATABASE $db"

free_port() { /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
smtp_port=$(free_port)
eb_port=$(free_port)
http_port=$(free_port)
eb_base="http://127.0.0.1:$eb_port"
base="http://127.0.0.1:$http_port"

pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

/usr/bin/python3 -m aiosmtpd -n -l "127.0.0.1:$smtp_port" -c aiosmtpd.handlers.Mailbox "$work/maildir/box" &
pids+=($!)

# The fake checks the server's JWTs against the test key pair's public half; application e2e-app.
node scripts/fake-enablebanking.mjs "$eb_port" adapters/bank/tests/fixtures/enablebanking-test-key.pub.pem e2e-app \
  > "$work/fake-enablebanking.log" 2>&1 &
pids+=($!)

DATABASE_URL="postgres://myspending:$(cat target/test-pg/password)@127.0.0.1:$pg_port/$db" \
BIND_ADDR="127.0.0.1:$http_port" PUBLIC_URL="$base" DATA_DIR="$work/data" FRONTEND_DIR="$dist" \
SMTP_URL="smtp://127.0.0.1:$smtp_port?tls=none" RUST_LOG="warn" SCHEDULER_INTERVAL=2 \
ENABLE_BANKING_APP_ID=e2e-app ENABLE_BANKING_KEY="$root/adapters/bank/tests/fixtures/enablebanking-test-key.pem" \
ENABLE_BANKING_BASE_URL="$eb_base" \
  target/debug/myspending serve > "$work/server.log" 2>&1 &
pids+=($!)

for _ in $(seq 1 100); do
  curl -fs "$base/api/health" >/dev/null 2>&1 && break
  sleep 0.2
done
curl -fs "$base/api/health" >/dev/null || { echo "the server did not become healthy:" >&2; cat "$work/server.log" >&2; exit 1; }
curl -fs "$eb_base/_control/requests" >/dev/null || { echo "the fake Enable Banking did not start:" >&2; cat "$work/fake-enablebanking.log" >&2; exit 1; }

# A superadmin for journeys that need one.
DATABASE_URL="postgres://myspending:$(cat target/test-pg/password)@127.0.0.1:$pg_port/$db" DATA_DIR="$work/data" RUST_LOG=warn \
  target/debug/myspending create-admin --email admin@e2e.test --name "Ada Admin" --password "AdminPass1" >/dev/null

cd frontend
E2E_BASE_URL="$base" E2E_MAILDIR="$work/maildir/box" E2E_ARTIFACTS="$work/artifacts" E2E_ENABLEBANKING_URL="$eb_base" \
  npx playwright test "$@"
