// Gzip -9 of the JS index.html loads (module script + modulepreloads, and their static imports via
// the manifest), as scripts/check-bundle-budget.mjs does (without its route-chunk SCREENS step).
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
for (const arg of process.argv.slice(2)) {
  const dist = resolve(arg)
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const fromHtml = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g),
  ].map((m) => m[1])
  const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]))
  const files = new Set()
  const visit = (c) => { if (!c || files.has(c.file)) return; files.add(c.file); for (const k of c.imports ?? []) visit(manifest[k]) }
  for (const f of fromHtml) visit(byFile.get(f))
  let raw = 0, gz = 0, br = 0
  const parts = []
  for (const f of [...files].filter((f) => f.endsWith('.js'))) {
    const d = readFileSync(join(dist, f))
    const g = gzipSync(d, { level: 9 }).length
    raw += d.length; gz += g
    br += brotliCompressSync(d, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
    parts.push(`${f}=${g}`)
  }
  console.log(JSON.stringify({ dist: arg, files: files.size, raw, gzip9: gz, brotli11: br, parts }))
}
