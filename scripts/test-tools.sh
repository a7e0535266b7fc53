#!/usr/bin/env bash
# Test-only tools the Rust tests start as real servers, installed into target/tools once:
# moto, an S3-compatible server (the S3 blob adapter's tests). Needs python3 with venv and pip.
set -euo pipefail
cd "$(dirname "$0")/.."
moto=target/tools/moto
if [ ! -x "$moto/bin/moto_server" ]; then
  echo "test-tools: installing moto (an S3-compatible server for the tests) into $moto"
  rm -rf "$moto"
  python3 -m venv "$moto"
  "$moto/bin/pip" install -q --disable-pip-version-check 'moto[s3]==5.1.22' 'flask==3.*' 'flask-cors==6.*'
fi
