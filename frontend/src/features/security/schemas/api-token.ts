import { z } from 'zod'
import { isDay, londonToday } from '@/lib/calendar-day'

/** The server's words for a token form it refuses (domain/src/tokens.rs), said here before sending. */
export const apiTokenMessages = {
  nameRequired: 'Token name is required',
  nameTooLong: 'Token name must be at most 50 characters',
  expiryPast: 'Expiry must be in the future',
  expiryUnreadable: 'Expiry must be a valid date',
} as const

/** What a token may do: only read, or read and write (as far as the member's role allows). */
export const TOKEN_SCOPES = [
  { value: 'read', label: 'Read-only' },
  { value: 'write', label: 'Read and write' },
] as const

/**
 * The create form: a name, the scope, and an optional last day (`YYYY-MM-DD`, London), which may
 * be today (the token then works until midnight). The output leaves an empty expiry out.
 */
export function makeApiTokenSchema(today: () => string = londonToday) {
  return z
    .object({
      name: z
        .string()
        .trim()
        .min(1, apiTokenMessages.nameRequired)
        .max(50, apiTokenMessages.nameTooLong),
      scope: z.enum(['read', 'write']),
      expiresAt: z
        .string()
        .refine((day) => day === '' || isDay(day), apiTokenMessages.expiryUnreadable)
        .refine((day) => day === '' || day >= today(), apiTokenMessages.expiryPast),
    })
    .transform(({ expiresAt, ...rest }) => (expiresAt ? { ...rest, expiresAt } : rest))
}

export type ApiTokenFormInput = z.input<ReturnType<typeof makeApiTokenSchema>>
