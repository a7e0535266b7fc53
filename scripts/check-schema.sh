#!/usr/bin/env bash
# adapters/postgres/src/schema.rs is what `diesel print-schema` says of the migrations. The test
# adapters/postgres/tests/db/schema.rs prints it from a freshly migrated test database the way
# diesel does and fails when the committed file differs; it runs with every other test in
# `just test`, and needs no diesel CLI.
#
#   scripts/check-schema.sh           check
#   scripts/check-schema.sh --write   regenerate adapters/postgres/src/schema.rs
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
  "") ;;
  --write) export MYSPENDING_WRITE_SCHEMA=1 ;;
  *) echo "usage: $0 [--write]" >&2; exit 2 ;;
esac

just _test-cluster
export TEST_DATABASE_URL="postgres://myspending:$(cat target/test-pg/password)@127.0.0.1:${TEST_PG_PORT:-54339}/postgres"
cargo test --locked -p adapter-postgres --test db -- --exact schema::schema_rs_is_what_diesel_prints_of_the_migrations
if [ -n "${MYSPENDING_WRITE_SCHEMA:-}" ]; then
  echo "check-schema: wrote adapters/postgres/src/schema.rs"
fi
