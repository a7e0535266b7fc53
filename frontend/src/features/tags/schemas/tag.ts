import { z } from 'zod'
import type { Tag, TagRequest } from '@/lib/api/types'
import { NEW_TAG_COLOUR } from '@/lib/tags/palette'

/** The tag form's messages: the server's words for the same refusals. */
export const tagMessages = {
  nameRequired: 'Tag name is required',
  nameMax: 'Tag name must be at most 30 characters',
  colourInvalid: 'Invalid colour',
} as const

/** A name of 1 to 30 characters once trimmed (characters, not bytes), and a `#rrggbb` colour. */
export const tagSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, tagMessages.nameRequired)
    .refine((name) => [...name].length <= 30, tagMessages.nameMax),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, tagMessages.colourInvalid),
})

export type TagFormInput = z.input<typeof tagSchema>
export type TagFormValues = z.output<typeof tagSchema>

export function tagToForm(tag: Tag | null): TagFormInput {
  return { name: tag?.name ?? '', color: tag?.color ?? NEW_TAG_COLOUR }
}

export function toTagRequest(values: TagFormValues): TagRequest {
  return { name: values.name, color: values.color }
}
