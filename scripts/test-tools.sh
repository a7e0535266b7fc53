#!/usr/bin/env bash
# Test-only tools, pinned, each in a virtualenv of its own under target/tools (never installed
# globally), installed once: moto, an S3-compatible server the Rust tests start (the S3 blob
# adapter's tests), and schemathesis, the API fuzzer of scripts/fuzz-api.sh. Needs python3 with
# venv and pip.
set -euo pipefail
cd "$(dirname "$0")/.."
moto=target/tools/moto
if [ ! -x "$moto/bin/moto_server" ]; then
  echo "test-tools: installing moto (an S3-compatible server for the tests) into $moto"
  rm -rf "$moto"
  python3 -m venv "$moto"
  "$moto/bin/pip" install -q --disable-pip-version-check 'moto[s3]==5.1.22' 'flask==3.*' 'flask-cors==6.*'
fi
schemathesis=target/tools/schemathesis
if [ ! -x "$schemathesis/bin/schemathesis" ]; then
  echo "test-tools: installing schemathesis (the API fuzzer) into $schemathesis"
  rm -rf "$schemathesis"
  python3 -m venv "$schemathesis"
  "$schemathesis/bin/pip" install -q --disable-pip-version-check 'schemathesis==4.32.5'
fi
