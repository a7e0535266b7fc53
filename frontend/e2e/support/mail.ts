import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The maildir the test SMTP server (aiosmtpd) delivers into. */
const maildir = process.env.E2E_MAILDIR ?? ''

/** Undoes quoted-printable soft line breaks and escapes, enough to read links. */
function decode(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
}

function messages(): { text: string; mtime: number }[] {
  const dir = join(maildir, 'new')
  let files: string[] = []
  try {
    files = readdirSync(dir)
  } catch {
    return []
  }
  return files
    .map((f) => ({ text: decode(readFileSync(join(dir, f), 'utf8')), mtime: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => a.mtime - b.mtime)
}

/**
 * Waits for an e-mail to `to` that carries a `/kind/<token>` link and returns the link's path.
 * `after` skips links already seen (e.g. the first of two reset e-mails).
 */
export async function waitForLink(
  to: string,
  kind: 'verify-email' | 'reset-password' | 'accept-invitation',
  after: string[] = [],
) {
  // Tokens are hex or URL-safe base64: either way the link ends at a quote, space or '<'.
  const pattern = new RegExp(`https?://[^\\s"<>]+/${kind}/([A-Za-z0-9_-]+)`)
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    for (const m of messages().reverse()) {
      if (!m.text.toLowerCase().includes(to.toLowerCase())) continue
      const match = m.text.match(pattern)
      if (match && !after.includes(match[0])) return { url: match[0], path: new URL(match[0]).pathname }
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no ${kind} e-mail arrived for ${to}`)
}
