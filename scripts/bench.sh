#!/usr/bin/env bash
# Measures the ledger's hot paths over HTTP against a release build, for a user with N
# transactions: a list page with its summary (unfiltered, by date range, by account, by
# search), the accounts overview, and back-dated inserts. Prints median and p90 of R runs.
#
#   scripts/bench.sh 10000 [runs]      (uses the test cluster in target/test-pg)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
runs=${2:-30}
pg_port=${TEST_PG_PORT:-54339}
db="myspending_bench_${count}"
scripts/pg.sh start target/test-pg "$pg_port" --fast >/dev/null
url="postgres://myspending:$(cat target/test-pg/password)@127.0.0.1:$pg_port/$db"
bin=target/release/myspending
[ -x "$bin" ] || cargo build --release --locked --bin myspending
work=$(mktemp -d)
port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
email="bench@example.com"

if [ "$(scripts/pg.sh sql target/test-pg "$pg_port" "SELECT count(*) FROM pg_database WHERE datname = '$db'")" != 1 ]; then
  scripts/pg.sh sql target/test-pg "$pg_port" "CREATE DATABASE $db"
  echo "seeding $count transactions over 120 months..."
  DATABASE_URL="$url" DATA_DIR="$work" RUST_LOG=warn "$bin" seed --email "$email" --password BenchPass1 --months 120 --transactions "$count"
  scripts/pg.sh sql target/test-pg "$pg_port" "VACUUM ANALYZE" >/dev/null 2>&1 || true
  PGPASSWORD=$(cat target/test-pg/password) psql -q -h 127.0.0.1 -p "$pg_port" -U myspending -d "$db" -c "VACUUM ANALYZE"
fi

DATABASE_URL="$url" DATA_DIR="$work" BIND_ADDR="127.0.0.1:$port" RUST_LOG=warn FRONTEND_DIR=/nonexistent "$bin" serve &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do curl -fs "$base/api/health" >/dev/null 2>&1 && break; sleep 0.1; done

token=$(curl -fs -H 'content-type: application/json' -d "{\"email\":\"$email\",\"password\":\"BenchPass1\"}" "$base/api/auth/login" | /usr/bin/python3 -c 'import sys,json; print(json.load(sys.stdin)["token"])')
auth=(-H "Authorization: Bearer $token")
accounts=$(curl -fs "${auth[@]}" "$base/api/accounts")
current=$(echo "$accounts" | /usr/bin/python3 -c 'import sys,json; print(json.load(sys.stdin)["data"]["accounts"][0]["_id"])')
category=$(curl -fs "${auth[@]}" "$base/api/categories" | /usr/bin/python3 -c 'import sys,json; print([c["_id"] for c in json.load(sys.stdin)["data"] if c["name"]=="Groceries"][0])')
rows=$(curl -fs "${auth[@]}" "$base/api/transactions?includeTransfers=true&limit=1" | /usr/bin/python3 -c 'import sys,json; print(json.load(sys.stdin)["pagination"]["total"])')
today=$(date -u +%Y-%m-%d)
year_ago=$(date -u -d "$today -365 days" +%Y-%m-%d)
quarter_start=$(date -u -d "$today -100 days" +%Y-%m-%d)

stats() { sort -n | awk '{a[NR]=$1} END {printf "median %.1f ms, p90 %.1f ms\n", a[int((NR+1)/2)]*1000, a[int(NR*0.9)]*1000}'; }
measure() {
  local name=$1; shift
  for _ in $(seq 1 3); do curl -fs -o /dev/null "$@"; done
  printf '%-44s ' "$name"
  for _ in $(seq 1 "$runs"); do curl -fs -o /dev/null -w '%{time_total}\n' "$@"; done | stats
}
insert() {
  local date=$1
  printf '{"amount":"4.20","description":"bench","type":"expense","categoryId":"%s","accountId":"%s","date":"%s"}' "$category" "$current" "$date"
}

echo "user with $rows transaction rows; $runs runs each; times are whole HTTP requests"
measure "GET /transactions (page 1 + summary)" "${auth[@]}" "$base/api/transactions?includeTransfers=true"
measure "GET /transactions page 50" "${auth[@]}" "$base/api/transactions?includeTransfers=true&page=50"
measure "GET /transactions ~100 days, by date range" "${auth[@]}" "$base/api/transactions?includeTransfers=true&startDate=$quarter_start&endDate=$today"
measure "GET /transactions one account" "${auth[@]}" "$base/api/transactions?includeTransfers=true&account=$current"
measure "GET /transactions one category" "${auth[@]}" "$base/api/transactions?category=$category"
measure "GET /transactions search, common word" "${auth[@]}" "$base/api/transactions?includeTransfers=true&search=sainsbury"
measure "GET /transactions search, rare word" "${auth[@]}" "$base/api/transactions?includeTransfers=true&search=bench"
measure "GET /accounts" "${auth[@]}" "$base/api/accounts"
last_month=$(date -u -d "$(date -u +%Y-%m-01) -1 day" +%Y-%m)
measure "GET /transactions/dashboard/summary" "${auth[@]}" "$base/api/transactions/dashboard/summary"
measure "GET /transactions/dashboard/chart-data" "${auth[@]}" "$base/api/transactions/dashboard/chart-data?type=expense"
measure "GET /reports/monthly (last month, all)" "${auth[@]}" "$base/api/reports/monthly?year=${last_month%-*}&month=$((10#${last_month#*-}))"
measure "GET /reports/monthly (last month, one)" "${auth[@]}" "$base/api/reports/monthly?year=${last_month%-*}&month=$((10#${last_month#*-}))&accountId=$current"
measure "GET /reports/yearly" "${auth[@]}" "$base/api/reports/yearly?year=$(date -u +%Y)"
measure "GET /reports/yearly (one account)" "${auth[@]}" "$base/api/reports/yearly?year=$(date -u +%Y)&accountId=$current"
measure "POST /transactions dated today" "${auth[@]}" -H 'content-type: application/json' -d "$(insert "$today")" "$base/api/transactions"
measure "POST /transactions back-dated one year" "${auth[@]}" -H 'content-type: application/json' -d "$(insert "$year_ago")" "$base/api/transactions"

# A month of 2,000 transactions as a PDF (a second user whose whole history is this month).
pdf_email="pdf-bench@example.com"
DATABASE_URL="$url" DATA_DIR="$work" RUST_LOG=warn "$bin" seed --email "$pdf_email" --password BenchPass1 --months 1 --transactions 2000 --only-if-new >/dev/null
pdf_token=$(curl -fs -H 'content-type: application/json' -d "{\"email\":\"$pdf_email\",\"password\":\"BenchPass1\"}" "$base/api/auth/login" | /usr/bin/python3 -c 'import sys,json; print(json.load(sys.stdin)["token"])')
runs=10 measure "GET /reports/monthly/pdf (2,000 rows)" -H "Authorization: Bearer $pdf_token" "$base/api/reports/monthly/pdf?year=$(date -u +%Y)&month=$((10#$(date -u +%m)))"
curl -fs -H "Authorization: Bearer $pdf_token" -o "$work/r.pdf" "$base/api/reports/monthly/pdf?year=$(date -u +%Y)&month=$((10#$(date -u +%m)))"
echo "PDF of 2,000 rows: $(stat -c %s "$work/r.pdf") bytes"
runs=5 measure "GET /reports/yearly/pdf (the same 2,000 rows, whole year)" -H "Authorization: Bearer $pdf_token" "$base/api/reports/yearly/pdf?year=$(date -u +%Y)"
