// Lighthouse 12 (default config: mobile preset, simulated throttling), performance only, on
// <base>/dashboard. Like scripts/lighthouse.mjs: Chromium launched with the same flags, each
// round runs the preset (4x CPU) and then the calibrated slowdown computed from that run's
// benchmarkIndex with the same calculator. Usage: node lh.mjs <label> <base> [rounds=3]
// Reports go to target/stack-floor/lh/<label>/.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
const { default: lighthouse } = await import(new URL('../../target/tools/lighthouse/node_modules/lighthouse/core/index.js', import.meta.url))
const [label, base, rounds = '3'] = process.argv.slice(2)
const PRESET_THROTTLING = { rttMs: 150, throughputKbps: 1.6 * 1024, requestLatencyMs: 150 * 3.75,
  downloadThroughputKbps: 1.6 * 1024 * 0.9, uploadThroughputKbps: 750 * 0.9 }
const calibratedSlowdown = (index) => {
  if (index < 150) throw new Error(`benchmarkIndex ${index}: too slow`)
  if (index >= 1300) return 3 + (index - 1300) / 233
  if (index >= 800) return 2 + (index - 800) / 500
  return 1 + (index - 150) / 650
}
const port = 9300 + Math.floor(Math.random() * 500)
const profile = mkdtempSync(join(tmpdir(), 'floor-chromium-'))
const browser = spawn('/usr/bin/chromium', ['--headless=new', '--no-sandbox', '--disable-gpu',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' })
for (let i = 0; i < 100; i++) {
  if (await fetch(`http://127.0.0.1:${port}/json/version`).then((r) => r.ok, () => false)) break
  await new Promise((r) => setTimeout(r, 100))
}
const out = join(import.meta.dirname, '../../target/stack-floor/lh', label)
mkdirSync(out, { recursive: true })
const METRICS = { fcp: 'first-contentful-paint', lcp: 'largest-contentful-paint', tbt: 'total-blocking-time', si: 'speed-index', cls: 'cumulative-layout-shift' }
const sum = (lhr) => ({ score: Math.round(lhr.categories.performance.score * 100),
  ...Object.fromEntries(Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id].numericValue])),
  benchmarkIndex: Math.round(lhr.environment.benchmarkIndex), final: lhr.finalDisplayedUrl,
  lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet })
const results = []
try {
  for (let r = 1; r <= Number(rounds); r++) {
    const flags = { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }
    const preset = await lighthouse(`${base}/dashboard`, flags)
    const slowdown = calibratedSlowdown(preset.lhr.environment.benchmarkIndex)
    const cal = await lighthouse(`${base}/dashboard`, { ...flags, throttling: { ...PRESET_THROTTLING, cpuSlowdownMultiplier: slowdown } })
    writeFileSync(join(out, `preset-${r}.json`), preset.report)
    writeFileSync(join(out, `calibrated-${r}.json`), cal.report)
    const row = { round: r, preset: sum(preset.lhr), calibrated: { ...sum(cal.lhr), slowdown: +slowdown.toFixed(2) } }
    results.push(row)
    console.log(JSON.stringify(row))
  }
} finally {
  const exited = new Promise((res) => browser.once('exit', res))
  browser.kill(); await exited
  rmSync(profile, { recursive: true, force: true, maxRetries: 5 })
}
writeFileSync(join(out, 'summary.json'), JSON.stringify(results, null, 1))
