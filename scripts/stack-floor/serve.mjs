// Static server with SPA fallback, like the project's server (apps/server/src/http/spa.rs):
// brotli (q11) or gzip (level 9) when the browser accepts it (ENCODING=gzip|br|identity forces
// one), /assets/* cached immutable, index.html no-cache. Usage: node serve.mjs <dir> <port>
import { createServer } from 'node:http'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { extname, join, normalize } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
const [dir, port] = [process.argv[2], Number(process.argv[3] ?? 8000)]
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' }
const cache = new Map()
const forced = process.env.ENCODING
createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname))
  let file = join(dir, path)
  if (!existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html')
  const ext = extname(file)
  const accept = req.headers['accept-encoding'] ?? ''
  const enc = forced ?? (/\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : 'identity')
  const key = `${file}:${enc}`
  if (!cache.has(key)) {
    const data = readFileSync(file)
    cache.set(key, enc === 'br' ? brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : enc === 'gzip' ? gzipSync(data, { level: 9 }) : data)
  }
  const headers = { 'Content-Type': types[ext] ?? 'application/octet-stream',
    'Cache-Control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache' }
  if (enc !== 'identity') { headers['Content-Encoding'] = enc; headers['Vary'] = 'Accept-Encoding' }
  res.writeHead(200, headers).end(cache.get(key))
}).listen(port, '127.0.0.1', () => console.log(`serving ${dir} on ${port}`))
