import { z } from 'zod'

/** The server's words for a year that is not a whole number. */
export const finaliseMessages = {
  yearInvalid: 'Year is required and must be a whole number',
} as const

/** Finalise Month: a month of the select (1 to 12) and a whole-number year. */
export const finaliseSchema = z.object({
  month: z.coerce.number().int().min(1).max(12),
  year: z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, finaliseMessages.yearInvalid)
    .transform(Number),
})

export type FinaliseFormInput = z.input<typeof finaliseSchema>
export type FinaliseFormValues = z.output<typeof finaliseSchema>
