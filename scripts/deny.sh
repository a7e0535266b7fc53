#!/usr/bin/env bash
# The Rust dependency policy of deny.toml, with cargo-deny (part of `just check`, not of `just test`):
# licences (permissive ones only), bans (no second version of a crate beyond the listed ones) and
# sources (crates.io only). Runs offline from Cargo.lock and cargo's own cache, in about a second.
# cargo-deny is pinned and built once into target/tools/cargo-deny (about 3 CPU-minutes, 6 min on
# a busy two-core machine), like the test tools of scripts/test-tools.sh.
#
# The advisories check is skipped: it needs the RustSec advisory database, a git repository on
# GitHub, which this machine and CI cannot reach (only the package registries answer).
# `DENY_ADVISORIES=1 scripts/deny.sh` runs it too, fetching the database, where GitHub answers.
set -euo pipefail
cd "$(dirname "$0")/.."
version=0.20.2
dir=target/tools/cargo-deny
deny=$dir/bin/cargo-deny
if [ "$("$deny" --version 2>/dev/null)" != "cargo-deny $version" ]; then
  echo "deny: installing cargo-deny $version into $dir (once; a few minutes)"
  cargo install --locked --quiet --root "$dir" "cargo-deny@$version"
fi
# Every locked crate's sources (its licence files too), from crates.io if this machine lacks one.
cargo fetch --locked --quiet
if [ "${DENY_ADVISORIES:-0}" = 1 ]; then
  "$deny" --locked check advisories licenses bans sources
else
  "$deny" --offline --locked check licenses bans sources
  echo "deny: advisories skipped: the RustSec database is fetched from GitHub, which this machine cannot reach (DENY_ADVISORIES=1 runs it where it can)"
fi
