#!/usr/bin/env node
// The first-load budget of the web app: the JavaScript a browser fetches before /dashboard can
// render, gzip level 9 (what the server sends a browser without brotli), at most LIMIT bytes.
//
// That is index.html's module script and modulepreload links, the dashboard's screen and the
// signed-in shell around it (lazy route chunks, fetched as soon as the app starts at /dashboard),
// and every chunk those import statically, recursively. Chunks loaded later on demand (charts, the
// date picker, dialogs' forms, other screens) are not counted. The import graph comes from the
// build's manifest (build.manifest in frontend/vite.config.ts).
//
// Usage: node scripts/check-bundle-budget.mjs [dist directory, default frontend/dist]
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

// The figures live in frontend/budget.json, beside the browser's count of the same first load
// (frontend/e2e/first-load-budget.spec.ts). `target` is 150 kB, the budget of issue 15. It is not
// met yet: `reached` is 230,143 bytes (2026-11-29: React and the router 97 kB, Chakra's runtime
// and theme with TanStack Query 88 kB, every icon in one chunk 12.6 kB; see docs/performance.md).
// Until it is, the check holds that figure plus 2%, so it cannot grow; lower `reached` as the
// first load shrinks.
const budgetFile = fileURLToPath(new URL('../frontend/budget.json', import.meta.url))
const { reached: REACHED, target: BUDGET } = JSON.parse(readFileSync(budgetFile, 'utf8')).entryChunks
const LIMIT = Math.round(REACHED * 1.02)
/** The lazy route modules /dashboard cannot render without. */
const SCREENS = ['src/app/routes/app-layout.tsx', 'src/app/routes/dashboard.tsx']

const dist = resolve(process.argv[2] ?? 'frontend/dist')
const fail = (message) => {
  console.error(`check-bundle-budget: ${message}`)
  process.exit(1)
}

let manifest
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))
} catch (error) {
  fail(`cannot read ${dist}/.vite/manifest.json (build the frontend first): ${error.message}`)
}
const html = readFileSync(join(dist, 'index.html'), 'utf8')

// What index.html makes the browser fetch at once.
const fromHtml = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g),
].map((m) => m[1])
if (fromHtml.length === 0) fail('index.html has no module script')

const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]))
const files = new Set()
const visit = (chunk, from) => {
  if (!chunk) fail(`${from} is not in the manifest`)
  if (files.has(chunk.file)) return
  files.add(chunk.file)
  for (const key of chunk.imports ?? []) visit(manifest[key], key)
}
for (const file of fromHtml) visit(byFile.get(file), file)
// A route module has its own entry in the manifest, unless rolldown put it into a shared chunk
// (app-layout.tsx, also imported by not-found.tsx): then the chunk named after it.
const chunkOf = (src) => {
  if (manifest[src]) return manifest[src]
  const name = src.split('/').pop().replace(/\.[jt]sx?$/, '')
  const named = Object.values(manifest).filter((chunk) => chunk.name === name)
  if (named.length !== 1) fail(`cannot tell which chunk holds ${src}`)
  return named[0]
}
for (const src of SCREENS) visit(chunkOf(src), src)

const rows = [...files]
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const data = readFileSync(join(dist, file))
    return {
      file,
      raw: data.length,
      gzip: gzipSync(data, { level: 9 }).length,
      brotli: brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length,
    }
  })
  .sort((a, b) => b.gzip - a.gzip)

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`.padStart(9)
const total = (key) => rows.reduce((sum, row) => sum + row[key], 0)
console.log(`JavaScript before /dashboard can render (${dist}; kB = 1,024 bytes):`)
console.log(`${'file'.padEnd(48)}${'raw'.padStart(9)}${'gzip'.padStart(9)}${'brotli'.padStart(9)}`)
for (const row of rows) {
  console.log(`${row.file.padEnd(48)}${kB(row.raw)}${kB(row.gzip)}${kB(row.brotli)}`)
}
const gzip = total('gzip')
console.log(
  `${`total, ${rows.length} files`.padEnd(48)}${kB(total('raw'))}${kB(gzip)}${kB(total('brotli'))}`,
)
console.log(
  `first load: ${gzip} bytes gzip; limit ${LIMIT} (the budget is ${BUDGET}${gzip <= BUDGET ? ', met' : ', not met yet'})`,
)
if (gzip > LIMIT) fail(`the first load is ${gzip} bytes gzip, over the limit of ${LIMIT}`)
