# MySpending's entry points. `just run` starts the product; `just test` runs every test.

set shell := ["bash", "-euo", "pipefail", "-c"]
set dotenv-load := true

data_dir := env_var_or_default("DATA_DIR", "./.data")
test_pg := "target/test-pg"
test_pg_port := env_var_or_default("TEST_PG_PORT", "54339")
run_pg_port := "54329"

# Start the whole product at http://localhost:8080 (PostgreSQL included unless DATABASE_URL is set)
run: frontend-build
    cargo build --release --bin myspending
    just _database
    @echo "MySpending will serve at ${PUBLIC_URL:-http://localhost:8080}"
    @echo "Make the first superadmin (in another terminal):"
    @echo "  ./target/release/myspending create-admin --email you@example.com --name 'Your Name' --password 'Choose1Strong'"
    ./target/release/myspending serve

# Start the product with a demo user full of realistic data
demo: frontend-build
    cargo build --release --bin myspending
    just _database
    ./target/release/myspending seed --email demo@myspending.local --password Demo1234 --months 12 --only-if-new
    ./target/release/myspending create-admin --email admin@myspending.local --name "Alex Admin" --password Admin1234 >/dev/null
    @echo "Sign in at ${PUBLIC_URL:-http://localhost:8080} as demo@myspending.local with the password Demo1234"
    @echo "The household's second member is partner.demo@myspending.local with the same password"
    @echo "The household's administrator (User Management) is admin@myspending.local with the password Admin1234"
    ./target/release/myspending serve

# Benchmark (release build): ledger, dashboard, reports and the PDF: median request times for a user with N transactions
bench n="10000":
    scripts/bench.sh {{n}}

# Sign-in under load and memory (release build): throughput, p50/p99, peak RSS and RSS afterwards
bench-signin:
    scripts/bench-signin.sh

# Photo uploads under load and memory (release build): 12 MP photos from 8 connections, 49 MP photos, bombs; RSS before, during, after
bench-uploads:
    scripts/bench-uploads.sh

# The first sync of a bank connection with N transactions from a fake Plaid (release build)
bench-bank-sync n="5000":
    scripts/bench-bank-sync.sh {{n}}

# One scheduler pass over N due recurring templates (release build), and two passes at once making each occurrence once
bench-recurring n="10000":
    scripts/bench-recurring.sh {{n}}

# The debug server the test recipes run (OpenAPI drift, journeys, fuzzing). Built by `cargo test
# --no-run`, it is the one the Rust tests' build already made, with the features the tests turn on
# (test-support, reqwest's multipart): `cargo build --bin` would build the workspace a second time without them
# (about 2 min on two cores). The features add test helpers only; the server is the same.
# At low priority (nice 10): in `just test` it builds beside the frontend's checks and takes what
# they leave idle; alone, nice changes nothing.
_test-server:
    {{lint_build}} nice -n 10 cargo test --locked --workspace --no-run --quiet
    test -x target/debug/myspending

# Fuzz every API operation from its OpenAPI document (schemathesis): no input may cause a 5xx, an answer the document does not list, or a body unlike its schema
fuzz-api examples="40": _test-server
    scripts/fuzz-api.sh {{examples}}

# The fuzzing in `just test`: a small seeded budget of all four phases, chains of calls (stateful) included (about 5,700 cases, 30 s; docs/testing.md)
fuzz-api-ci: _test-server
    scripts/fuzz-api.sh 10 examples,coverage,fuzzing,stateful

# Crash test: writes from six clients while the server is SIGKILLed and PostgreSQL crashed at random; every acknowledged write must be there once and `verify` clean (docs/reliability.md)
chaos ops="200": _test-server
    python3 scripts/chaos.py --ops {{ops}}

# Run every test: Rust (unit, adapters and HTTP on real PostgreSQL), frontend unit tests, browser journeys, API fuzzing, the crash test
test: _test-prepare test-rust fuzz-api-ci chaos test-frontend test-e2e

# The first part of `just test`, side by side on both cores (docs/testing.md): the Rust build with
# clippy's lints, at low priority so it takes what the other side leaves idle, beside the frontend's
# install, build, budget, lint and type check and the test tools' installs (network-bound). Tests
# come after, each with the machine to itself: Vitest beside the build timed out a test at 5 s, and
# the API fuzzing beside the Rust tests timed out on the PDF report while a PDF test rendered.
[parallel]
_test-prepare: _test-cluster _layout _test-server _frontend-static _test-tools

_test-tools:
    scripts/test-tools.sh

# Starts the project-local cluster in DATA_DIR/postgres unless DATABASE_URL points elsewhere
_database:
    #!/usr/bin/env bash
    set -euo pipefail
    if [ -z "${DATABASE_URL:-}" ]; then
      scripts/pg.sh start "{{data_dir}}/postgres" {{run_pg_port}} >/dev/null
      scripts/pg.sh createdb "{{data_dir}}/postgres" {{run_pg_port}} myspending
    fi

# Stop the project-local PostgreSQL cluster
stop-db:
    scripts/pg.sh stop "{{data_dir}}/postgres"

frontend-deps:
    cd frontend && npm install --no-audit --no-fund --loglevel=error

frontend-build: frontend-deps
    cd frontend && npm run build

# The throw-away cluster the tests create and drop their databases on
_test-cluster:
    #!/usr/bin/env bash
    set -euo pipefail
    scripts/pg.sh start {{test_pg}} {{test_pg_port}} --fast >/dev/null
    # Leftovers of an interrupted run, and the template (each run migrates a fresh one).
    for db in $(scripts/pg.sh sql {{test_pg}} {{test_pg_port}} "SELECT datname FROM pg_database WHERE datname LIKE 't\_%' OR datname LIKE 'myspending\_%'"); do
      scripts/pg.sh sql {{test_pg}} {{test_pg_port}} "DROP DATABASE \"$db\" WITH (FORCE)"
    done

# Not part of `just test`. What runs offline and what cannot (the two advisory databases): docs/testing.md.
# schema.rs against the migrations is a test (adapters/postgres/tests/db/schema.rs).
# The layering rule, formatting, the dependency policy (deny.toml: licences, duplicate crates, sources), npm's advisories for the frontend, and lints
check: _layout
    scripts/deny.sh
    scripts/npm-audit.sh
    cargo clippy --workspace --all-targets --locked -- -D warnings

_layout:
    scripts/check-architecture.sh
    cargo fmt --all --check

# Clippy (-D warnings) as the compiler of the workspace's own crates while the tests build: the one
# compile makes the test binaries and lints every target `cargo clippy --all-targets` would (the
# workspace has no benches or examples), where clippy then the tests compiled everything twice
# (3.6 min of a clean CI run, docs/testing.md). Every cargo command of `just test` uses it, so they
# share one build; dependencies are built as usual.
lint_build := "RUSTC_WORKSPACE_WRAPPER=clippy-driver CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

# The Rust tests, built with clippy's lints (lint_build), after the layering rule and formatting
test-rust: _test-cluster _layout _test-tools
    #!/usr/bin/env bash
    set -euo pipefail
    export TEST_DATABASE_URL="postgres://myspending:$(cat {{test_pg}}/password)@127.0.0.1:{{test_pg_port}}/postgres"
    # The tests speak plain HTTP to the servers they start, yet every HTTP client (native TLS) has
    # OpenSSL 3 parse the system's CA bundle: 90 ms a client, in each of the 549 test processes.
    # An empty bundle for the tests alone (docs/testing.md); the product's TLS is untouched.
    export SSL_CERT_FILE=/dev/null SSL_CERT_DIR=/dev/null
    if cargo nextest --version >/dev/null 2>&1; then
      # Four times the cores: the tests wait on PostgreSQL and on their own servers much of the time
      # (2 cores: 2 threads 123 s, 4 threads 104 s, 8 threads 76 s; docs/testing.md).
      {{lint_build}} cargo nextest run --workspace --locked --no-fail-fast --test-threads "$(( $(nproc) * 4 ))"
    else
      {{lint_build}} cargo test --workspace --locked --no-fail-fast
    fi

# The frontend's unit tests, its type check, that its API types match the server's OpenAPI document, and its first-load budget
test-frontend: _frontend-static openapi-check
    cd frontend && npm test

_frontend-static: frontend-deps frontend-budget
    cd frontend && npm run lint && npm run typecheck

# The JavaScript /dashboard needs before it can render, gzip, against its budget (docs/performance.md)
frontend-budget: frontend-build
    node scripts/check-bundle-budget.mjs frontend/dist

# The README's screenshots (docs/screenshots/): the main screens at phone and desktop width, light and dark
screenshots: _test-cluster
    cargo build --locked --bin myspending
    scripts/screenshots.sh

# The floor of the mandated stack (React, React Router, TanStack Query, Chakra UI v3): first-load bytes and Lighthouse of minimal apps on it
stack-floor:
    scripts/stack-floor/run.sh

# Lighthouse 12 (mobile preset, median of 5 runs) on /, /login signed out and /dashboard, /shopping-list signed in, against the real server: scores, and JSON reports in target/lighthouse/
lighthouse: _test-cluster
    cargo build --locked --bin myspending
    scripts/lighthouse.sh

# Regenerate the frontend's API types from the server's OpenAPI document
openapi:
    mkdir -p target
    cargo run --quiet --locked --bin myspending -- openapi > target/openapi.json
    cd frontend && npx openapi-typescript ../target/openapi.json -o src/lib/api/schema.d.ts

openapi-check: _test-server
    #!/usr/bin/env bash
    set -euo pipefail
    mkdir -p target
    target/debug/myspending openapi > target/openapi.json
    (cd frontend && npx openapi-typescript ../target/openapi.json -o ../target/schema.d.ts >/dev/null 2>&1)
    if ! diff -u frontend/src/lib/api/schema.d.ts target/schema.d.ts; then
      echo "The frontend's API types no longer match the server: run 'just openapi' and commit the result." >&2
      exit 1
    fi

# Browser journeys: Playwright in Debian's Chromium against the real server, database and an SMTP server
# (without the review screenshots and traces: E2E_SHOTS=1 keeps the screenshots,
# E2E_TRACE=retain-on-failure a trace of each failed journey)
test-e2e: _test-cluster frontend-build _test-server
    E2E_SHOTS="${E2E_SHOTS:-0}" E2E_TRACE="${E2E_TRACE:-off}" scripts/e2e.sh
