import type { $ZodConfig } from 'zod/v4/core'

// Zod 4 compiles a faster parser for each object schema with `new Function`, once it has probed
// whether eval is allowed. The Content-Security-Policy (script-src 'self') forbids eval, so the
// probe does nothing but report a violation in the console, on /login and on every form. jitless
// skips both the probe and the compiled path; parsing gives the same results.
//
// It has to be set before the first object schema is built, so main.tsx imports this module first.
// `z.config({ jitless: true })` would import zod into the entry, and the build's first-load chunk
// group would then take in most of zod (+3.6 kB gzip). Instead this fills in the object zod 4.6
// keeps its configuration in, `globalThis.__zod_globalConfig`, which zod's core.ts documents for
// exactly this ("pre-populating it before Zod loads ... takes effect immediately on import") and
// which z.config() reads and writes; zod-config.test.ts holds that z.config() sees it.
const global = globalThis as typeof globalThis & { __zod_globalConfig?: $ZodConfig }
global.__zod_globalConfig = Object.assign(global.__zod_globalConfig ?? {}, { jitless: true })
