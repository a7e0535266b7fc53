#!/usr/bin/env bash
# The README's screenshots: builds the web app, runs e2e/screenshots.spec.ts on the e2e stack
# (scripts/e2e.sh: the debug server on a fresh database of the test cluster, an SMTP server,
# Debian's Chromium) and replaces the PNGs in docs/screenshots/ once every one was written.
# Needs what `just test-e2e` needs: the test cluster and target/debug/myspending.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dist=target/dist-shots
shots="$root/target/screenshots"
out="$root/docs/screenshots"

(cd frontend && npx vite build --outDir "../$dist" --emptyOutDir --logLevel warn)
rm -rf "$shots" && mkdir -p "$shots"
SCREENSHOTS_DIR="$shots" E2E_RUN=shots E2E_DIST="$dist" scripts/e2e.sh e2e/screenshots.spec.ts --project=desktop

mkdir -p "$out"
rm -f "$out"/*.png
cp "$shots"/*.png "$out"/
echo "Wrote $(ls "$out"/*.png | wc -l) screenshots into docs/screenshots/"
