#!/usr/bin/env bash
# The dependency rule: domain <- ports <- adapters <- apps. The core names no framework.
set -euo pipefail
fail=0
check() {
  local crate=$1 forbidden=$2
  local tree found
  # A failing `cargo tree` (a broken manifest, a stale lock file) fails the check: an empty
  # tree would otherwise pass it silently.
  if ! tree=$(cargo tree -p "$crate" -e normal --prefix none --locked 2>&1); then
    echo "architecture: cargo tree -p $crate failed:" >&2
    echo "$tree" >&2
    exit 1
  fi
  found=$(echo "$tree" | awk '{print $1}' | sort -u | grep -E "^($forbidden)$" || true)
  if [ -n "$found" ]; then
    echo "architecture: $crate must not depend on: $(echo $found)" >&2
    fail=1
  fi
}
frameworks='diesel|diesel_migrations|pq-sys|actix-web|actix-rt|actix-files|lettre|reqwest|genpdf|argon2|jsonwebtoken|utoipa'
check domain "$frameworks|tokio|async-trait|serde_json"
check ports "$frameworks"
# domain types derive no diesel traits, and no adapter reaches into another
if grep -rnE 'diesel|actix|lettre|reqwest' domain/src ports/src >/dev/null; then
  echo "architecture: domain/ or ports/ source mentions a framework:" >&2
  grep -rnE 'diesel|actix|lettre|reqwest' domain/src ports/src >&2
  fail=1
fi
for adapter in adapters/*/; do
  name=$(basename "$adapter")
  if grep -nE '^adapter-' "$adapter/Cargo.toml" | grep -v "^.*adapter-$name" >/dev/null; then
    echo "architecture: $adapter depends on another adapter" >&2
    fail=1
  fi
done
# OpenAPI schema names are global: two wire types with one name would silently replace each
# other in the document (and in the web app's generated types).
dupes=$(grep -rhA3 'derive(.*ToSchema' apps/server/src | grep -oE 'pub (struct|enum) [A-Za-z0-9_]+' | awk '{print $3}' | sort | uniq -d)
if [ -n "$dupes" ]; then
  echo "architecture: wire types share a name (rename one): $(echo $dupes)" >&2
  fail=1
fi
# Every use case is observable alike: each public async method in ports/ (the services) opens a
# tracing span (#[tracing::instrument], with the user's id where it has one).
unobserved=$(awk '
  FNR == 1 { attrs = ""; tests = 0 }
  /^#\[cfg\(test\)\]/ { tests = 1 }
  tests { next }
  /^    pub async fn / { if (attrs !~ /instrument/) print FILENAME ":" FNR ": " $0; attrs = ""; next }
  /^ *(#\[|\/\/\/)/ { attrs = attrs $0; next }
  { attrs = "" }
' $(find ports/src -name '*.rs'))
if [ -n "$unobserved" ]; then
  echo "architecture: a use case without a tracing span (add #[tracing::instrument(level = \"debug\", skip_all, ...)]):" >&2
  echo "$unobserved" >&2
  fail=1
fi
# Every error's HTTP answer is chosen in one place: apps/server/src/http/error.rs.
if grep -rn 'impl From<.*> for ApiError' apps/server/src | grep -v '^apps/server/src/http/error.rs:' >&2; then
  echo "architecture: map errors to ApiError in apps/server/src/http/error.rs only (above)" >&2
  fail=1
fi
# A record's id is its own type (domain::ids, or the ledger's AccountId …), never a bare Uuid, in
# the ports' types and traits.
if grep -rnE '\b\w*id: (Option<|Vec<)?Uuid\b' ports/src --include=*.rs | grep -v '/tests.rs:' | grep -vE 'ports/src/\w+\.rs:[0-9]+: {4,}(const|let)' >&2; then
  echo "architecture: a port names an id as a bare Uuid; give it its type in domain/src/ids.rs (above)" >&2
  fail=1
fi
# Handlers return typed answers (http/wire.rs: Envelope, Confirmed, Created, json_answer!) whose
# types their #[utoipa::path] names; a JSON body built by hand is not tied to the document.
if grep -rnE 'HttpResponse::\w+\(\)\s*\.json\(' apps/server/src/http/routes >&2; then
  echo "architecture: return a typed answer from a route, not HttpResponse::….json (above)" >&2
  fail=1
fi
# Work that holds a thread (zips, images, PDFs, hashing, statements) runs in an adapter on its
# bounded pool (adapters/bounded-work), never on tokio's unbounded blocking threads from the app.
if grep -rn 'spawn_blocking' apps/server/src >&2; then
  echo "architecture: run blocking work in an adapter on a bounded pool, not spawn_blocking in apps (above)" >&2
  fail=1
fi
# One SQL story (adapters/postgres/src/statements.rs): every statement is written with sql! and
# sent with query(), or built by a module that lists its shapes (shapes!) and sent with built(),
# so the prepare test in tests/db/statements.rs sees every one.
pg=adapters/postgres/src
if grep -rn 'diesel::sql_query\|Sql(' "$pg" --include=*.rs | grep -v "^$pg/statements.rs:" >&2; then
  echo "architecture: write statements with sql! and send them with query() (above)" >&2
  fail=1
fi
for f in $(grep -rlE '\bbuilt\(' "$pg" --include=*.rs | grep -v "^$pg/statements.rs$"); do
  if ! grep -q 'shapes!(' "$f"; then
    echo "architecture: $f builds statements at run time but registers no shapes (shapes!)" >&2
    fail=1
  fi
done
# The server's library and binary are built with `test = false` (apps/server/Cargo.toml): a test
# module in its src would never run. Its tests go in apps/server/tests/api (pure helpers: pure/).
# The same for adapter-postgres, whose tests are in tests/db through its test_support.
for dir in apps/server/src adapters/postgres/src; do
  if grep -rnE '#\[(cfg\((all\()?test|test\]|tokio::test)' "$dir" >/dev/null; then
    echo "architecture: $dir has tests, which are never built (its crate is built with test = false):" >&2
    grep -rnE '#\[(cfg\((all\()?test|test\]|tokio::test)' "$dir" >&2
    fail=1
  fi
done
[ $fail = 0 ] && echo "architecture: the dependency rule holds"
exit $fail
