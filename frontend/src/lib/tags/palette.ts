import { CATEGORY_COLOURS } from '@/lib/colours'

/**
 * The colours a tag may be given on the Tags page: the categories' palette, each with its name
 * (what a swatch is announced by). A tag made while typing gets the server's default, Blue.
 */
export const TAG_COLOURS = CATEGORY_COLOURS

export const NEW_TAG_COLOUR = '#2196F3'

/** At most this many tags on one transaction (the server's rule). */
export const MAX_TAGS = 10
