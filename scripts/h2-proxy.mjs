// A TLS + HTTP/2 front for the app on this machine, as a real deployment has one: an installable
// app needs HTTPS, and every TLS terminator people put in front of a self-hosted app (Caddy,
// nginx, Traefik) speaks HTTP/2, so a phone fetches the app's chunks over one multiplexed
// connection rather than HTTP/1.1's six. scripts/lighthouse.sh measures through it (LIGHTHOUSE_H2=0 does not).
// Usage: node scripts/h2-proxy.mjs <listen port> <upstream origin> <key.pem> <cert.pem>
import http from 'node:http'
import http2 from 'node:http2'
import { readFileSync } from 'node:fs'

const [port, upstream, key, cert] = process.argv.slice(2)
const target = new URL(upstream)
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
// Hop-by-hop headers (RFC 9113 §8.2.2) may not cross into HTTP/2.
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'])

const server = http2.createSecureServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
  const headers = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (!name.startsWith(':') && !HOP.has(name)) headers[name] = value
  }
  headers.host = target.host
  const upstreamReq = http.request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
    (upstreamRes) => {
      const out = {}
      for (const [name, value] of Object.entries(upstreamRes.headers)) if (!HOP.has(name)) out[name] = value
      res.writeHead(upstreamRes.statusCode, out)
      upstreamRes.pipe(res)
    },
  )
  upstreamReq.on('error', () => {
    if (!res.headersSent) res.writeHead(502)
    res.end()
  })
  req.pipe(upstreamReq)
})
server.listen(Number(port), '127.0.0.1', () => console.log(`h2 proxy on https://127.0.0.1:${port} -> ${upstream}`))
