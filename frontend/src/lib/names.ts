/**
 * A person's initials for a small avatar: the first letters of their first and last names, in
 * capitals ('Jane Doe' → 'JD', 'Mary Ann Smith' → 'MS', 'Cher' → 'C'); '?' for a blank name.
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  const first = (word: string) => Array.from(word)[0] ?? ''
  const letters = words.length === 1 ? first(words[0]) : first(words[0]) + first(words[words.length - 1])
  return letters.toLocaleUpperCase('en-GB')
}

/** The first word of a person's name, to name them in a short line ('Jane Doe' → 'Jane'); '?' for a blank name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || '?'
}
