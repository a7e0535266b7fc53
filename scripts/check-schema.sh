#!/usr/bin/env bash
# adapters/postgres/src/schema.rs is what `diesel print-schema` says of the migrations. This
# migrates a throw-away database on the test cluster (target/test-pg, started when it is not
# running), prints its schema the way the committed file was made, and fails when they differ.
#
#   scripts/check-schema.sh           check (part of `just check`)
#   scripts/check-schema.sh --write   regenerate adapters/postgres/src/schema.rs
#
# Needs the diesel CLI: cargo install diesel_cli --no-default-features --features postgres --locked
set -euo pipefail
cd "$(dirname "$0")/.."

schema=adapters/postgres/src/schema.rs
test_pg=target/test-pg
port=${TEST_PG_PORT:-54339}
regenerate="scripts/check-schema.sh --write"

case "${1:-}" in
  "") write=false ;;
  --write) write=true ;;
  *) echo "usage: $0 [--write]" >&2; exit 2 ;;
esac

command -v diesel >/dev/null 2>&1 || PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
if ! command -v diesel >/dev/null 2>&1; then
  echo "check-schema: the diesel CLI is missing; install it with" >&2
  echo "  cargo install diesel_cli --no-default-features --features postgres --locked" >&2
  exit 1
fi

scripts/pg.sh start "$test_pg" "$port" --fast >/dev/null
# The myspending_ prefix lets `just _test-cluster` drop it should this run be interrupted.
db="myspending_schema_check_$$"
url="postgres://myspending:$(cat "$test_pg/password")@127.0.0.1:$port/$db"
generated=$(mktemp)
cleanup() {
  scripts/pg.sh sql "$test_pg" "$port" "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null 2>&1 || true
  rm -f "$generated"
}
trap cleanup EXIT

scripts/pg.sh sql "$test_pg" "$port" "CREATE DATABASE \"$db\""
diesel migration run --config-file diesel.toml --migration-dir migrations --database-url "$url" >/dev/null
# rustfmt leaves diesel's output as it is today; the pass keeps `cargo fmt --check` and this
# check from ever disagreeing.
diesel print-schema --config-file diesel.toml --database-url "$url" \
  | rustfmt --edition 2021 --config-path rustfmt.toml >"$generated"

if $write; then
  cp "$generated" "$schema"
  echo "check-schema: wrote $schema"
elif diff -u --label "$schema (committed)" --label "$schema (from migrations/)" "$schema" "$generated"; then
  echo "check-schema: $schema matches migrations/"
else
  echo "check-schema: $schema no longer matches migrations/ (the diff above goes from the committed file" \
    "to what 'diesel print-schema' prints of a freshly migrated database)." >&2
  echo "check-schema: regenerate it with '$regenerate' and commit the result." >&2
  exit 1
fi
