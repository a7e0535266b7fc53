#!/usr/bin/env bash
# One scheduler pass over N due recurring templates (default 10,000), against a release build:
# 100 users with N/100 monthly templates each, every one due today, half of them transfers.
# Prints the pass's time, that a second pass makes nothing, then as many templates again worked
# by two passes at once, and checks that every occurrence was made exactly once.
#
#   scripts/bench-recurring.sh [N]      (uses the test cluster in target/test-pg)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
pg_port=${TEST_PG_PORT:-54339}
db="myspending_bench_recurring"
scripts/pg.sh start target/test-pg "$pg_port" --fast >/dev/null
export DATABASE_URL="postgres://myspending:$(cat target/test-pg/password)@127.0.0.1:$pg_port/$db"
bin=target/release/myspending
[ -x "$bin" ] || cargo build --release --locked --bin myspending
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export DATA_DIR="$work" RUST_LOG=warn
sql() { PGPASSWORD=$(cat target/test-pg/password) psql -qtA -h 127.0.0.1 -p "$pg_port" -U myspending -d "$db" -c "$1"; }

scripts/pg.sh sql target/test-pg "$pg_port" "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null
scripts/pg.sh sql target/test-pg "$pg_port" "CREATE DATABASE $db" >/dev/null
"$bin" migrate
for u in $(seq 1 100); do
  "$bin" seed --email "bench$u@example.com" --password BenchPass1 --months 1 --transactions 10 >/dev/null
done
per_user=$((count / 100))
templates() {
  sql "INSERT INTO recurring_templates (id, user_id, kind, amount, description, category_id, account_id, to_account_id,
                                        frequency, start_date, anchor, next_due)
       SELECT gen_random_uuid(), u.id, CASE WHEN g % 2 = 0 THEN 'expense' ELSE 'transfer' END, 100 + g, 'Bench ' || g,
              CASE WHEN g % 2 = 0 THEN c.id END, a1.id, CASE WHEN g % 2 = 1 THEN a2.id END,
              'monthly', current_date, current_date, current_date
       FROM users u
       CROSS JOIN generate_series(1, $per_user) g
       JOIN LATERAL (SELECT id FROM accounts WHERE user_id = u.id ORDER BY created_at LIMIT 1) a1 ON true
       JOIN LATERAL (SELECT id FROM accounts WHERE user_id = u.id ORDER BY created_at OFFSET 1 LIMIT 1) a2 ON true
       JOIN LATERAL (SELECT id FROM categories WHERE user_id = u.id AND name = 'Bills & Utilities') c ON true"
}
templates
sql "VACUUM ANALYZE" >/dev/null
echo "templates due: $(sql "SELECT count(*) FROM recurring_templates WHERE next_due <= current_date")"

start=$(date +%s.%N)
"$bin" process-due
end=$(date +%s.%N)
echo "one pass: $(python3 -c "print(f'{$end - $start:.1f} s')")"
echo "occurrences: $(sql "SELECT count(*) FROM recurring_occurrences"), ledger rows: $(sql "SELECT count(*) FROM transactions WHERE recurring_id IS NOT NULL")"

echo "a second pass the same day makes: $("$bin" process-due)"

# As many again, worked by two passes at once (two servers on one database).
templates
start=$(date +%s.%N)
"$bin" process-due > "$work/a" & a=$!
"$bin" process-due > "$work/b" & b=$!
wait $a $b
end=$(date +%s.%N)
echo "two passes at once: $(python3 -c "print(f'{$end - $start:.1f} s')"); $(cat "$work/a"); $(cat "$work/b")"
total=$(sql "SELECT count(*) FROM recurring_occurrences")
echo "occurrences: $total (expected $((2 * per_user * 100)))"
[ "$total" = "$((2 * per_user * 100))" ]
