/** Used when the server's answer names no file. */
export const FALLBACK_PDF_NAME = 'financial-report.pdf'

/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''…`
 * (RFC 6266, percent-encoded) wins over `filename="…"` or a bare `filename=…`.
 * Any path part is dropped. Null when there is none.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null
  let name: string | null = null
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header)
  if (extended) {
    try {
      name = decodeURIComponent(extended[2]!.trim().replace(/^"|"$/g, ''))
    } catch {
      name = null
    }
  }
  if (!name) {
    const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)
    const bare = /filename\s*=\s*([^;"\s]+)/i.exec(header)
    name = quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : bare ? bare[1]! : null
  }
  const base = name?.split(/[/\\]/).pop()?.trim()
  return base ? base : null
}
