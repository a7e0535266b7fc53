#!/usr/bin/env bash
# Lighthouse 12 (mobile preset, simulated throttling) on / and /login signed out and /dashboard and
# /shopping-list signed in as a demo user with a year of data, 5 runs each (RUNS): the built web app
# served by the debug server on a fresh database of the test cluster, behind a TLS + HTTP/2 front,
# in Debian's Chromium. Prints each run's and the median's scores against issue 36's targets and
# writes the JSON reports into target/lighthouse/ (LIGHTHOUSE_TRACE=1: the traces too). Needs what
# `just test-e2e` needs: the test cluster and target/debug/myspending. Lighthouse 12 (13 needs
# Node 22) is installed into target/tools/lighthouse on first use.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dist=$(realpath -m "${LIGHTHOUSE_DIST:-$root/target/dist-lighthouse}")
work="$root/target/lighthouse-run"
out="$root/target/lighthouse"
tools="$root/target/tools/lighthouse"

if [ ! -f "$tools/node_modules/lighthouse/package.json" ]; then
  mkdir -p "$tools"
  [ -f "$tools/package.json" ] || echo '{ "private": true }' > "$tools/package.json"
  (cd "$tools" && npm install --no-audit --no-fund --loglevel=error lighthouse@12)
fi

if [ -z "${LIGHTHOUSE_DIST:-}" ]; then
  (cd frontend && npx vite build --outDir "$dist" --emptyOutDir --logLevel warn)
fi

rm -rf "$work" && mkdir -p "$work/data" "$out"
db=myspending_lighthouse
pg_port=${TEST_PG_PORT:-54339}
database_url="postgres://myspending:$(cat target/test-pg/password)@127.0.0.1:$pg_port/$db"
scripts/pg.sh sql target/test-pg "$pg_port" "DROP DATABASE IF EXISTS $db WITH (FORCE)"
scripts/pg.sh sql target/test-pg "$pg_port" "CREATE DATABASE $db"

http_port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$http_port"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

DATABASE_URL="$database_url" BIND_ADDR="127.0.0.1:$http_port" PUBLIC_URL="$base" DATA_DIR="$work/data" \
FRONTEND_DIR="$dist" RUST_LOG=warn target/debug/myspending serve > "$work/server.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do
  curl -fs "$base/api/health" >/dev/null 2>&1 && break
  sleep 0.2
done
curl -fs "$base/api/health" >/dev/null || { echo "the server did not become healthy:" >&2; cat "$work/server.log" >&2; exit 1; }

# A verified user with a year of realistic data (the dashboard and shopping list are not empty).
email=lighthouse@myspending.local
password=Lighthouse1
DATABASE_URL="$database_url" DATA_DIR="$work/data" RUST_LOG=warn \
  target/debug/myspending seed --email "$email" --password "$password" --months 12 >/dev/null

# Through a TLS + HTTP/2 front (scripts/h2-proxy.mjs, a certificate made here), as
# a deployment serves the app; LIGHTHOUSE_H2=0 for the server's own plain HTTP/1.1.
api="$base"
if [ "${LIGHTHOUSE_H2:-1}" = 1 ]; then
  openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/key.pem" -out "$work/cert.pem" -days 2 \
    -subj "/CN=127.0.0.1" -addext "subjectAltName=IP:127.0.0.1" 2>/dev/null
  h2_port=$(/usr/bin/python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  node scripts/h2-proxy.mjs "$h2_port" "$base" "$work/key.pem" "$work/cert.pem" > "$work/proxy.log" 2>&1 &
  pids+=($!)
  base="https://127.0.0.1:$h2_port"
  for _ in $(seq 1 50); do
    curl -fsk "$base/api/health" >/dev/null 2>&1 && break
    sleep 0.1
  done
fi

LIGHTHOUSE_BASE="$base" LIGHTHOUSE_API="$api" LIGHTHOUSE_EMAIL="$email" LIGHTHOUSE_PASSWORD="$password" \
LIGHTHOUSE_OUT="$out" NODE_PATH="$tools/node_modules:$root/frontend/node_modules" \
  node scripts/lighthouse.mjs "$@"
