import { createHmac } from 'node:crypto'

/**
 * RFC 6238 time-based one-time codes as authenticator apps (and the server, domain/src/two_factor.rs)
 * make them: HMAC-SHA-1 over the 30-second step count, dynamic truncation, six digits.
 */
export const STEP_SECONDS = 30

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32, as the setup key is shown (spaces, padding and case ignored). */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase()
  const bytes: number[] = []
  let bits = 0
  let value = 0
  for (const char of clean) {
    const index = BASE32.indexOf(char)
    if (index < 0) throw new Error(`not base32: ${char}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bits -= 8
      bytes.push((value >>> bits) & 0xff)
    }
  }
  return Buffer.from(bytes)
}

/** The 30-second step `at` (milliseconds since the epoch) falls in. */
export function stepAt(at: number = Date.now()): number {
  return Math.floor(at / 1000 / STEP_SECONDS)
}

/** The six-digit code of `secret` (base32) at time step `step`. */
export function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const hash = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = hash[hash.length - 1]! & 0x0f
  const binary = hash.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 1_000_000).padStart(6, '0')
}
