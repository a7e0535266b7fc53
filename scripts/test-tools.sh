#!/usr/bin/env bash
# Test-only tools, pinned, each in a virtualenv of its own under target/tools (never installed
# globally), installed once: moto, an S3-compatible server the Rust tests start (the S3 blob
# adapter's tests), schemathesis, the API fuzzer of scripts/fuzz-api.sh, and pyotp, the
# authenticator-app arithmetic the two-factor HTTP tests check the server against. Needs python3
# with venv and pip.
set -euo pipefail
cd "$(dirname "$0")/.."
# install NAME PROGRAM PACKAGE...: a virtualenv at target/tools/NAME with the packages, unless
# its PROGRAM is already there.
install() {
  local name=$1 program=$2 dir=target/tools/$1
  shift 2
  [ -x "$dir/bin/$program" ] && return
  echo "test-tools: installing $name into $dir"
  rm -rf "$dir"
  python3 -m venv "$dir"
  "$dir/bin/pip" install -q --disable-pip-version-check "$@"
}
install moto moto_server 'moto[s3]==5.1.22' 'flask==3.*' 'flask-cors==6.*'
install schemathesis schemathesis 'schemathesis==4.32.5'
install pyotp totp 'pyotp==2.9.0'
# totp SECRET [UNIX_TIME]: the code an authenticator app shows for the base32 SECRET now (or then).
if [ ! -x target/tools/pyotp/bin/totp ]; then
  cat > target/tools/pyotp/bin/totp <<PY
#!$PWD/target/tools/pyotp/bin/python
import sys, pyotp
totp = pyotp.TOTP(sys.argv[1])
print(totp.at(int(sys.argv[2])) if len(sys.argv) > 2 else totp.now())
PY
  chmod +x target/tools/pyotp/bin/totp
fi
