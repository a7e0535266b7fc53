import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { defaultSystem } from '@chakra-ui/react'
import { describe, expect, it } from 'vitest'
import { system } from './theme'

const src = resolve(__dirname, '..')
const components = resolve(__dirname, '../../node_modules/@chakra-ui/react/dist/esm/components')
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  )

/** Every name the app imports from Chakra, and the recipe keys of those that are components. */
function recipeKeysUsed(): Map<string, string> {
  const keys = new Map<string, string>()
  for (const file of files(src).filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))) {
    const text = readFileSync(file, 'utf8')
    for (const [, names] of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const name of names.split(',').map((n) => n.replace(/\btype\b/, '').trim())) {
        const dir = join(components, name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase())
        if (!name || !existsSync(dir)) continue
        for (const code of files(dir).map((f) => readFileSync(f, 'utf8'))) {
          for (const [, key] of code.matchAll(/key: "(\w+)"/g)) keys.set(key, name)
        }
      }
    }
  }
  return keys
}

describe('the slimmed Chakra theme', () => {
  it('has the recipe of every Chakra component the app uses', () => {
    const missing = [...recipeKeysUsed()]
      .filter(([key]) => defaultSystem.isRecipe(key) || defaultSystem.isSlotRecipe(key))
      .filter(([key]) => !system.isRecipe(key) && !system.isSlotRecipe(key))
      .map(([key, name]) => `${name} needs the '${key}' recipe (src/app/theme-recipes.ts)`)
    expect(missing).toEqual([])
  })
})
