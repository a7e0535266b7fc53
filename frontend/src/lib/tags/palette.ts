/**
 * The colours a tag may be given on the Tags page, and the one a tag made while typing gets
 * (the server's default, #2196F3). Every one is `#rrggbb`, the server's rule.
 */
export const TAG_COLOURS = [
  '#2196F3',
  '#4CAF50',
  '#FF9800',
  '#E91E63',
  '#9C27B0',
  '#009688',
  '#795548',
  '#607D8B',
] as const

export const NEW_TAG_COLOUR = TAG_COLOURS[0]

/** At most this many tags on one transaction (the server's rule). */
export const MAX_TAGS = 10
