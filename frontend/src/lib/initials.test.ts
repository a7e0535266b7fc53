import { describe, expect, it } from 'vitest'
import { initials } from './initials'

describe('initials', () => {
  it.each([
    ['Jane Doe', 'JD'],
    ['jane doe', 'JD'],
    ['Mary Ann Smith', 'MS'],
    ['Cher', 'C'],
    ['  Jane   Doe  ', 'JD'],
    ['Émile Zola', 'ÉZ'],
    ['', '?'],
    ['   ', '?'],
  ])('of %j is %j', (name, expected) => {
    expect(initials(name)).toBe(expected)
  })
})
