import { describe, expect, it } from 'vitest'
import { firstName, initials } from './names'

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

describe('firstName', () => {
  it.each([
    ['Jane Doe', 'Jane'],
    ['  Mary Ann Smith ', 'Mary'],
    ['Cher', 'Cher'],
    ['', '?'],
  ])('of %j is %j', (name, expected) => {
    expect(firstName(name)).toBe(expected)
  })
})
