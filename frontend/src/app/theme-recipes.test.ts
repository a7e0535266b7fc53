import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { defaultSystem, type SystemStyleObject } from '@chakra-ui/react'
import { describe, expect, it } from 'vitest'
import { appSystem } from './theme'

const system = appSystem()

const src = resolve(__dirname, '..')
const components = resolve(__dirname, '../../node_modules/@chakra-ui/react/dist/esm/components')
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  )
/** The app's own code: what ships, without the tests and the theme's copy of Chakra's values. */
const appSources = () =>
  files(src)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f) && !f.includes(join('app', 'theme', '')))
    .map((file) => ({ file: file.slice(src.length + 1), text: readFileSync(file, 'utf8') }))

/** Every name the app imports from Chakra, and the recipe keys of those that are components. */
function recipeKeysUsed(): Map<string, string> {
  const keys = new Map<string, string>()
  for (const { text } of appSources()) {
    for (const [, names] of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
      for (const name of names!.split(',').map((n) => n.replace(/\btype\b/, '').trim())) {
        const dir = join(components, name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase())
        if (!name || !existsSync(dir)) continue
        for (const code of files(dir).map((f) => readFileSync(f, 'utf8'))) {
          for (const [, key] of code.matchAll(/key: "(\w+)"/g)) keys.set(key!, name)
        }
      }
    }
  }
  return keys
}

/** JSON with the keys of every object sorted (the theme's overrides change the order of some). */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v
    return Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
  })

/**
 * Where a style resolves differently in the app's system than in Chakra's default one, as the
 * app's CSS. Both turn a token into the same CSS variable, so a difference means a token the app's
 * theme lacks (its raw name ends up in the CSS). Styles neither system can resolve count as equal.
 */
function unresolved(style: SystemStyleObject): string | null {
  const css = (s: typeof system) => {
    try {
      return canonical(s.css(style))
    } catch {
      return 'throws'
    }
  }
  const ours = css(system)
  return ours === css(defaultSystem) ? null : ours
}

type Recipe = {
  base?: unknown
  variants?: Record<string, Record<string, unknown>>
  compoundVariants?: { css: unknown }[]
}
/** Every style object of a recipe (of each slot, for a slot recipe), named for the messages. */
function recipeStyles(name: string, recipe: Recipe, slotted: boolean): [string, SystemStyleObject][] {
  const parts: [string, unknown][] = [[`${name} base`, recipe.base ?? {}]]
  for (const [group, values] of Object.entries(recipe.variants ?? {})) {
    for (const [value, style] of Object.entries(values)) parts.push([`${name} ${group}=${value}`, style])
  }
  recipe.compoundVariants?.forEach((c, i) => parts.push([`${name} compound #${i}`, c.css]))
  if (!slotted) return parts as [string, SystemStyleObject][]
  return parts.flatMap(([where, slots]) =>
    Object.entries((slots ?? {}) as Record<string, SystemStyleObject>).map(
      ([slot, style]) => [`${where} (${slot})`, style] as [string, SystemStyleObject],
    ),
  )
}

describe('the slimmed Chakra theme', () => {
  it('has the recipe of every Chakra component the app uses', () => {
    const missing = [...recipeKeysUsed()]
      .filter(([key]) => defaultSystem.isRecipe(key) || defaultSystem.isSlotRecipe(key))
      .filter(([key]) => !system.isRecipe(key) && !system.isSlotRecipe(key))
      .map(([key, name]) => `${name} needs the '${key}' recipe (src/app/theme-recipes.ts)`)
    expect(missing).toEqual([])
  })

  it("imports single recipes from Chakra's theme module, never its tokens or default system", () => {
    // '@chakra-ui/react/theme' builds Chakra's whole default config in the module that holds its
    // tokens; `defaultConfig` and `defaultSystem` build a second, unused system at start-up.
    const wrong: string[] = []
    for (const { file, text } of appSources()) {
      for (const [, names] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react\/theme'/g)) {
        const others = names!.split(',').map((n) => n.trim()).filter((n) => n && !/Recipe$/.test(n))
        if (others.length) wrong.push(`${file} imports ${others.join(', ')} from '@chakra-ui/react/theme'`)
      }
      if (/\bdefault(Config|System)\b/.test(text)) wrong.push(`${file} uses Chakra's defaultConfig or defaultSystem`)
    }
    expect(wrong).toEqual([])
  })

  it('has every token and keyframe its recipes and text, layer and animation styles use', () => {
    const theme = system._config.theme!
    const styles: [string, SystemStyleObject][] = [
      ...Object.entries(theme.recipes ?? {}).flatMap(([k, r]) => recipeStyles(`recipe ${k}`, r as Recipe, false)),
      ...Object.entries(theme.slotRecipes ?? {}).flatMap(([k, r]) => recipeStyles(`slot recipe ${k}`, r as Recipe, true)),
      ...Object.keys(theme.textStyles ?? {}).map((k): [string, SystemStyleObject] => [`textStyle ${k}`, { textStyle: k }]),
      ...Object.keys(theme.layerStyles ?? {}).map((k): [string, SystemStyleObject] => [`layerStyle ${k}`, { layerStyle: k }]),
      ...Object.keys(theme.animationStyles ?? {}).map((k): [string, SystemStyleObject] => [`animationStyle ${k}`, { animationStyle: k }]),
    ]
    const problems = styles.flatMap(([where, style]) => {
      const css = unresolved(style)
      return css ? [`${where} names a token the theme lacks (src/app/theme/): ${css}`] : []
    })
    // Keyframes are not tokens: an animation naming a missing one simply does not run.
    const keyframes = new Set(Object.keys(theme.keyframes ?? {}))
    const css = JSON.stringify(styles.map(([, style]) => system.css(style)))
    for (const [, names] of css.matchAll(/"animation(?:Name)?":"([^"]*)"/g)) {
      for (const name of names!.split(',').map((n) => n.trim().split(' ')[0]!)) {
        if (/^[a-z][\w-]*$/.test(name) && name !== 'none' && !keyframes.has(name)) {
          problems.push(`the keyframes '${name}' are missing (src/app/theme/tokens.ts)`)
        }
      }
    }
    expect([...new Set(problems)]).toEqual([])
  })

  it('has every colour palette and token the code names', () => {
    // Palettes are chosen at run time too (`colorPalette={palette}`, `${palette}.subtle`), so any
    // string naming one of Chakra's palettes counts, as does any string naming one of its colours.
    const palettes = new Set(
      defaultSystem.tokens.allTokens.flatMap((t) => /^colors\.(\w+)\.solid$/.exec(t.name)?.slice(1) ?? []),
    )
    const missing = new Set<string>()
    for (const { file, text } of appSources()) {
      for (const [, value] of text.matchAll(/['"`]([\w.]+)(?:\/\d+)?['"`]/g)) {
        const token = palettes.has(value!) ? `colors.${value}.solid` : `colors.${value}`
        if (defaultSystem.tokens.getByName(token) && !system.tokens.getByName(token)) {
          missing.add(`${file} names '${value}', which src/app/theme/colors.ts lacks`)
        }
      }
    }
    expect([...missing]).toEqual([])
  })

  it('has every token the style props in the code name', () => {
    // `prop="value"` and `prop: 'value'` throughout the code, resolved by both systems.
    const problems = new Set<string>()
    for (const { file, text } of appSources()) {
      for (const [, prop, value] of text.matchAll(/\b([a-zA-Z_]\w*)(?:=|: )['"]([^'"{}\n]{1,40})['"]/g)) {
        const css = unresolved({ [prop!]: value } as unknown as SystemStyleObject)
        if (css) problems.add(`${file}: ${prop}="${value}" names a token the theme lacks (src/app/theme/): ${css}`)
      }
    }
    expect([...problems]).toEqual([])
  })
})
