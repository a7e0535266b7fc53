#!/usr/bin/env bash
# Times the ledger's reads that split transactions touch, for a user with N rows, first with no
# split rows, then with 1 expense in 20 (of £1 or more) split between Groceries and Shopping and
# the month totals rewritten by `myspending verify --repair`. Uses the test cluster and the debug
# build (target/debug/myspending); prints median and p90 of 15 runs.
#
#   scripts/bench-splits.sh [rows]     (default 1000000)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-1000000}
pg_port=${TEST_PG_PORT:-54339}
db="myspending_splitbench_${count}"
scripts/pg.sh start target/test-pg "$pg_port" --fast >/dev/null
export PGPASSWORD; PGPASSWORD=$(cat target/test-pg/password)
url="postgres://myspending:$PGPASSWORD@127.0.0.1:$pg_port/$db"
bin=target/debug/myspending
work=$(mktemp -d)
psql_db() { psql -q -h 127.0.0.1 -p "$pg_port" -U myspending -d "$db" "$@"; }
scripts/pg.sh sql target/test-pg "$pg_port" "DROP DATABASE IF EXISTS $db" >/dev/null
scripts/pg.sh sql target/test-pg "$pg_port" "CREATE DATABASE $db" >/dev/null
DATABASE_URL="$url" DATA_DIR="$work" RUST_LOG=warn "$bin" seed --email bench@example.com --password BenchPass1 \
  --months 120 --transactions "$count"
psql_db -c "VACUUM ANALYZE"

port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
run() {
  DATABASE_URL="$url" DATA_DIR="$work" BIND_ADDR="127.0.0.1:$port" RUST_LOG=warn FRONTEND_DIR=/nonexistent "$bin" serve &
  local pid=$!
  for _ in $(seq 1 100); do curl -fs "$base/api/health" >/dev/null 2>&1 && break; sleep 0.2; done
  local token auth cat today q
  token=$(curl -fs -H 'content-type: application/json' -d '{"email":"bench@example.com","password":"BenchPass1"}' \
    "$base/api/auth/login" | /usr/bin/python3 -c 'import sys,json; print(json.load(sys.stdin)["token"])')
  auth=(-H "Authorization: Bearer $token")
  cat=$(curl -fs "${auth[@]}" "$base/api/categories" \
    | /usr/bin/python3 -c 'import sys,json; print([c["_id"] for c in json.load(sys.stdin)["data"] if c["name"]=="Groceries"][0])')
  today=$(date -u +%Y-%m-%d); q=$(date -u -d "$today -100 days" +%Y-%m-%d)
  stats() { sort -n | awk '{a[NR]=$1} END {printf "median %.1f ms, p90 %.1f ms\n", a[int((NR+1)/2)]*1000, a[int(NR*0.9)]*1000}'; }
  measure() {
    local name=$1; shift
    for _ in 1 2 3; do curl -fs -o /dev/null "$@"; done
    printf '  %-46s ' "$name"
    for _ in $(seq 1 15); do curl -fs -o /dev/null -w '%{time_total}\n' "$@"; done | stats
  }
  measure "page 1 + summary" "${auth[@]}" "$base/api/transactions?includeTransfers=true"
  measure "one category" "${auth[@]}" "$base/api/transactions?category=$cat"
  measure "one category, ~100 days" "${auth[@]}" "$base/api/transactions?category=$cat&startDate=$q&endDate=$today"
  measure "~100 days" "${auth[@]}" "$base/api/transactions?startDate=$q&endDate=$today"
  measure "search tesco" "${auth[@]}" "$base/api/transactions?search=tesco"
  measure "search groceries (a category's name)" "${auth[@]}" "$base/api/transactions?search=groceries"
  measure "tax year 2025/26" "${auth[@]}" "$base/api/reports/tax-year?year=2025"
  measure "monthly report" "${auth[@]}" "$base/api/reports/monthly"
  measure "budgets" "${auth[@]}" "$base/api/budgets"
  kill "$pid"; wait "$pid" 2>/dev/null || true
}
echo "no split rows:"
run
psql_db <<'SQL'
WITH cats AS (SELECT (SELECT id FROM categories WHERE name = 'Groceries') g, (SELECT id FROM categories WHERE name = 'Shopping') s),
chosen AS (SELECT t.id, t.household_id, t.amount FROM transactions t
           WHERE NOT t.is_transfer AND t.type = 'expense' AND t.amount <= -100 AND abs(hashtext(t.id::text)) % 20 = 0),
parts AS (INSERT INTO transaction_splits (id, household_id, transaction_id, position, category_id, amount, first_in_category)
          SELECT gen_random_uuid(), c.household_id, c.id, p.pos, CASE p.pos WHEN 0 THEN cats.g ELSE cats.s END,
                 CASE p.pos WHEN 0 THEN c.amount * 780 / 1000 ELSE c.amount - c.amount * 780 / 1000 END, true
          FROM chosen c CROSS JOIN cats CROSS JOIN (VALUES (0::smallint), (1::smallint)) p(pos))
UPDATE transactions t SET is_split = true, split_categories = 2, category_id = NULL FROM chosen c WHERE t.id = c.id;
VACUUM ANALYZE;
SQL
DATABASE_URL="$url" RUST_LOG=warn "$bin" verify --repair | sed -n 1p
/usr/bin/time -f "verify: %e s" env DATABASE_URL="$url" RUST_LOG=warn "$bin" verify | sed -n 1p
echo "one expense in twenty split:"
run
rm -rf "$work"
