// Medians (per metric, over the rounds) of target/stack-floor/lh/<variant>/summary.json, as a markdown table.
import { readFileSync } from 'node:fs'
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const fmt = { score: (v) => v, fcp: (v) => (v / 1000).toFixed(2) + ' s', lcp: (v) => (v / 1000).toFixed(2) + ' s', tbt: (v) => Math.round(v) + ' ms', si: (v) => (v / 1000).toFixed(2) + ' s', cls: (v) => v.toFixed(3) }
console.log('| variant | CPU | Perf (runs) | Perf median | FCP | LCP | TBT | SI | CLS | benchmarkIndex (runs) | slowdown (runs) |')
console.log('|---|---|---|---|---|---|---|---|---|---|---|')
for (const v of process.argv.slice(2)) {
  const rows = JSON.parse(readFileSync(new URL(`../../target/stack-floor/lh/${v}/summary.json`, import.meta.url), 'utf8'))
  for (const mode of ['preset', 'calibrated']) {
    const rs = rows.map((r) => r[mode])
    const cells = Object.keys(fmt).map((k) => fmt[k](med(rs.map((r) => r[k]))))
    console.log(`| ${v} | ${mode === 'preset' ? '4x (preset)' : 'calibrated'} | ${rs.map((r) => r.score).join(', ')} | ${cells.join(' | ')} | ${rs.map((r) => r.benchmarkIndex).join(', ')} | ${mode === 'preset' ? '4' : rs.map((r) => r.slowdown).join(', ')} |`)
  }
}
