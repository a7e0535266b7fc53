#!/usr/bin/env bash
# The floor of the mandated stack (issue 15): builds the four minimal apps of variants/ (React;
# + React Router; + TanStack Query; + Chakra UI v3 with the project's system), prints the gzip -9
# JavaScript each loads first, then runs Lighthouse (mobile preset, then calibrated to this
# machine, ROUNDS rounds) on each and prints the medians. Needs frontend/node_modules and
# Lighthouse in target/tools (scripts/lighthouse.sh installs it). Results: target/stack-floor/.
set -euo pipefail
cd "$(dirname "$0")"
rounds=${ROUNDS:-3}
ln -sfn ../../frontend/node_modules node_modules
trap 'rm -f node_modules; kill $(jobs -p) 2>/dev/null || true' EXIT
for v in a b c d; do
  VARIANT=$v node node_modules/vite/bin/vite.js build --config vite.config.mjs
done
node measure.mjs ../../target/stack-floor/dist/{a,b,c,d}
port=8701
for v in a b c d; do
  node serve.mjs "../../target/stack-floor/dist/$v" "$port" &
  sleep 0.5
  node lh.mjs "$v" "http://127.0.0.1:$port" "$rounds"
  port=$((port + 1))
done
node summarize.mjs a b c d
