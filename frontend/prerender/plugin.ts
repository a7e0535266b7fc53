import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, type Plugin } from 'vite'

/** The signed-out pages a visitor's phone most often opens first, and their files in dist/prerendered. */
const PAGES = [
  { path: '/', file: 'index.html' },
  { path: '/login', file: 'login.html' },
  { path: '/register', file: 'register.html' },
]

type ServerEntry = { prerenderPage: (path: string, shell: string) => Promise<string> }

/**
 * Prerenders PAGES into dist/prerendered (issue 36): after the client build has written dist, builds
 * src/prerender/entry.tsx for Node into a folder of its own and renders each page into the built
 * index.html. The server sends these files for exactly those addresses (apps/server/src/http/spa.rs),
 * so the page and its CSS arrive with the HTML and show before any JavaScript runs. dist/index.html
 * stays the empty shell: it answers every other address and is the service worker's fallback.
 * Runs at writeBundle, before precompress()'s closeBundle, which compresses these files too.
 */
export function prerender(): Plugin {
  let root = ''
  let outDir = ''
  let mode = 'production'
  return {
    name: 'myspending-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = resolve(config.root, config.build.outDir)
      mode = config.mode
    },
    writeBundle: {
      sequential: true,
      async handler() {
        // Under node_modules so that Node finds the packages the server build leaves as imports;
        // removed again once the pages are written.
        const tmp = resolve(root, 'node_modules/.tmp')
        await mkdir(tmp, { recursive: true })
        const serverDir = await mkdtemp(join(tmp, 'prerender-'))
        try {
          await build({
            configFile: false,
            root,
            mode,
            logLevel: 'warn',
            publicDir: false,
            plugins: [react()],
            resolve: { alias: { '@': resolve(root, 'src') } },
            build: {
              ssr: 'src/prerender/entry.tsx',
              outDir: serverDir,
              minify: false,
              rolldownOptions: { output: { entryFileNames: 'entry.mjs', chunkFileNames: '[name]-[hash].mjs' } },
            },
          })
          const entry = (await import(pathToFileURL(join(serverDir, 'entry.mjs')).href)) as ServerEntry
          const shell = await readFile(join(outDir, 'index.html'), 'utf8')
          await mkdir(join(outDir, 'prerendered'), { recursive: true })
          for (const page of PAGES) {
            await writeFile(join(outDir, 'prerendered', page.file), await entry.prerenderPage(page.path, shell))
          }
        } finally {
          await rm(serverDir, { recursive: true, force: true })
        }
      },
    },
  }
}
