#!/usr/bin/env bash
# npm's advisories for what the frontend ships (part of `just check`): `npm audit --omit=dev
# --audit-level=high` in frontend/, over package-lock.json. A high or critical advisory fails;
# lower ones are counted and pass.
#
# When the registry's audit endpoint does not answer, the audit is skipped with the reason and
# passes: the npm registry this machine and CI reach serves packages but answers the audit's POST
# with 405 Method Not Allowed (2026-11-29), and without a network it cannot answer at all.
set -euo pipefail
cd "$(dirname "$0")/../frontend"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
npm audit --omit=dev --audit-level=high --json --fetch-retries=1 --fetch-timeout=30000 >"$out" 2>/dev/null || status=$?
# Prints one line: "pass ...", "skip ..." or "fail ..." followed by the advisories that fail.
verdict=$(node - "$out" "$status" <<'JS'
const fs = require('node:fs');
const [file, status] = process.argv.slice(2);
let report;
try {
  report = JSON.parse(fs.readFileSync(file, 'utf8'));
} catch {
  console.log(`fail npm audit exited ${status} without a JSON answer:\n${fs.readFileSync(file, 'utf8')}`);
  process.exit(0);
}
if (!report.auditReportVersion) {
  // npm's own error object: the endpoint refused, or could not be reached.
  const why = report.message || report.error?.summary || report.error?.code || JSON.stringify(report).slice(0, 200);
  console.log(`skip the registry's audit endpoint did not answer: ${why}`);
  process.exit(0);
}
const counts = report.metadata?.vulnerabilities ?? {};
const summary = ['critical', 'high', 'moderate', 'low', 'info'].map((s) => `${counts[s] ?? 0} ${s}`).join(', ');
const failing = Object.values(report.vulnerabilities ?? {}).filter((v) => ['high', 'critical'].includes(v.severity));
if (status === '0' && failing.length === 0) {
  console.log(`pass ${summary} (only high and critical fail)`);
} else {
  const lines = failing.map((v) => {
    const via = v.via.map((x) => (typeof x === 'string' ? `through ${x}` : `${x.title} ${x.url ?? ''}`.trim())).join('; ');
    return `  ${v.name} ${v.range} (${v.severity}): ${via}${v.fixAvailable ? ' [a fix is available: npm audit fix]' : ''}`;
  });
  console.log(`fail high or critical advisories in what the frontend ships (${summary}):\n${lines.join('\n')}`);
}
JS
)
case "$verdict" in
  pass*) echo "npm audit: ${verdict#pass }" ;;
  skip*) echo "npm audit: skipped, ${verdict#skip }" ;;
  *) echo "npm audit: ${verdict#fail }" >&2; exit 1 ;;
esac
