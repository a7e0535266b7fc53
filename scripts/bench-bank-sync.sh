#!/usr/bin/env bash
# The first sync of a bank connection with N transactions (release build): the server talks to a
# Plaid-compatible fake on loopback (scripts/fake-plaid.py); the figure is the time of the
# public-token exchange, which reads every page and stores it all in one database transaction.
#
#   scripts/bench-bank-sync.sh [N, default 5000]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-5000}
pg_port=${TEST_PG_PORT:-54339}
db="myspending_bench_bank"
scripts/pg.sh start target/test-pg "$pg_port" --fast >/dev/null
scripts/pg.sh sql target/test-pg "$pg_port" "DROP DATABASE IF EXISTS $db WITH (FORCE)"
scripts/pg.sh sql target/test-pg "$pg_port" "CREATE DATABASE $db"
url="postgres://myspending:$(cat target/test-pg/password)@127.0.0.1:$pg_port/$db"
bin=target/release/myspending
[ -x "$bin" ] || cargo build --release --locked --bin myspending
free_port() { /usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
work=$(mktemp -d)
plaid_port=$(free_port)
port=$(free_port)
/usr/bin/python3 scripts/fake-plaid.py "$plaid_port" "$n" &
plaid=$!
DATABASE_URL="$url" DATA_DIR="$work" BIND_ADDR="127.0.0.1:$port" RUST_LOG=warn FRONTEND_DIR=/nonexistent \
  PLAID_CLIENT_ID=bench PLAID_SECRET=bench PLAID_BASE_URL="http://127.0.0.1:$plaid_port" BANK_SYNC_INTERVAL=0 "$bin" serve &
server=$!
trap 'kill $server $plaid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break; sleep 0.1; done
DATABASE_URL="$url" DATA_DIR="$work" RUST_LOG=warn "$bin" create-admin --email bench@example.com --name "Bench Admin" --password BenchPass1 >/dev/null
token=$(curl -fs -H 'content-type: application/json' -d '{"email":"bench@example.com","password":"BenchPass1"}' \
  "http://127.0.0.1:$port/api/auth/login" | /usr/bin/python3 -c 'import sys,json; print(json.load(sys.stdin)["token"])')
echo "release build, $(nproc) cores, $n transactions in pages of 500"
for run in first resync; do
  if [ "$run" = first ]; then
    path=/api/plaid/item/public_token/exchange; body='{"public_token":"public-sandbox-bench","metadata":{"institution":{"name":"Bench Bank"}}}'
  else
    item=$(curl -fs -H "authorization: Bearer $token" "http://127.0.0.1:$port/api/plaid/items" | /usr/bin/python3 -c 'import sys,json; print(json.load(sys.stdin)["data"][0]["itemId"])')
    path=/api/plaid/item/$item/sync; body='{}'
  fi
  start=$(date +%s.%N)
  answer=$(curl -fs -m 300 -H "authorization: Bearer $token" -H 'content-type: application/json' -d "$body" "http://127.0.0.1:$port$path")
  end=$(date +%s.%N)
  echo "$run sync: $(echo "$end - $start" | bc) s, $(echo "$answer" | /usr/bin/python3 -c 'import sys,json; a=json.load(sys.stdin); print(a.get("sync") or a.get("data"))')"
done
curl -fs -H "authorization: Bearer $token" "http://127.0.0.1:$port/api/plaid/items" | /usr/bin/python3 -c '
import sys, json
a = json.load(sys.stdin)["data"][0]["accounts"][0]
print("balance ours", a["currentBalance"], "bank", a["bankBalance"])'
