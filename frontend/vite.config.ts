import { createHash } from 'node:crypto'
import { readdirSync, statSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { createServer, type Plugin, searchForWorkspaceRoot } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { THEME_STYLESHEET_ATTRIBUTE } from './src/app/theme-css-attribute.ts'
import { configDefaults, defineConfig } from 'vitest/config'
import { prerender } from './prerender/plugin.ts'

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every compressible file of the
 * build, once, so the server sends the smallest form a browser accepts without compressing on
 * every request (see apps/server/src/http/spa.rs).
 */
function precompress(): Plugin {
  let outDir = 'dist'
  const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? files(path) : [path]
    })
  return {
    name: 'myspending-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    // Asynchronously, so zlib's thread pool compresses several files at once on every core.
    async closeBundle() {
      const brotli = promisify(brotliCompress)
      const gzipped = promisify(gzip)
      await Promise.all(
        files(outDir)
          .filter((f) => compressible.test(f))
          .map(async (file) => {
            const data = await readFile(file)
            if (data.length < 1024) return
            const [br, gz] = await Promise.all([
              brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
              gzipped(data, { level: 9 }),
            ])
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
          }),
      )
    },
  }
}

/**
 * Writes the theme's global CSS (src/app/theme-css.ts) into assets/theme-<hash>.css and links it
 * from index.html's head, so that the app does not compile it at start-up. The CSS comes from the
 * app's own theme module, loaded in Node through a short-lived Vite server.
 */
function themeStylesheet(): Plugin {
  let root = ''
  let fileName = ''
  let css = ''
  return {
    name: 'myspending-theme-stylesheet',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    async buildStart() {
      const server = await createServer({
        configFile: false,
        root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
        resolve: { alias: { '@': resolve(root, 'src') } },
      })
      try {
        const { appSystem } = await server.ssrLoadModule('/src/app/theme.ts')
        const { globalStylesheet } = await server.ssrLoadModule('/src/app/theme-css.ts')
        css = globalStylesheet(appSystem())
      } finally {
        await server.close()
      }
      fileName = `assets/theme-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'link',
          attrs: { rel: 'stylesheet', href: `/${fileName}`, [THEME_STYLESHEET_ATTRIBUTE]: '' },
          injectTo: 'head',
        },
      ],
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: css })
    },
  }
}

/** The test files that vi.mock a module (find them with `grep -rl "vi.mock(" src`). */
const MOCKS_MODULES = [
  'src/app/accounts-bank-linking.test.tsx',
  'src/features/bank-linking/components/bank-link-plaid.test.tsx',
]

const reactRouterFile = (name: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/development/${name}`, import.meta.url))

const apiProxy = {
  '/api': {
    target: 'http://127.0.0.1:8080',
    changeOrigin: true,
  },
}

// https://vite.dev/config/
export default defineConfig({
  plugins: [
    react(),
    themeStylesheet(),
    prerender(),
    precompress(),
    // The service worker (built only by `vite build`; never in `vite dev`). It precaches the app
    // shell and every hashed chunk, lazy ones included, so any screen opens offline after the
    // first visit; it waits for the update prompt (src/lib/pwa) before replacing an old version.
    // The manifest is the static public/manifest.webmanifest, linked from index.html.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      devOptions: { enabled: false },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The .br/.gz copies beside files are for the server's content negotiation, not the cache.
        // The prerendered pages are the server's answer to a first visit to /, /login and
        // /register; once this worker runs, the shell it keeps (index.html) opens every address.
        // The API reference's Swagger UI (/docs, ~380 kB gzipped) is fetched when that page opens,
        // not by every visitor's worker: it needs the server to be of any use anyway.
        globIgnores: ['**/*.br', '**/*.gz', 'prerendered/**', 'assets/api-reference-*'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/uploads(\/|$)/],
        // The first visit's page is controlled at once (offline right after it works); an update
        // still waits for the prompt, as skipWaiting stays off.
        clientsClaim: true,
        // Item photos only: names are content hashes, so a cached copy never goes stale. The API
        // is never cached by the service worker.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'item-images',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: apiProxy,
    // The password rule's common list is the server's own file (src/lib/password-rule.ts loads it
    // lazily); dev and Vitest serve nothing outside the app unless allowed.
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), '../domain/data'] },
  },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the chunks' import graph, which scripts/check-bundle-budget.mjs
    // reads to add up the first load.
    manifest: true,
    rolldownOptions: {
      // The app's features and shared components do nothing on import but declare (checked: no
      // top-level calls), so a module none of whose exports is used is left out even when a
      // feature's index.ts re-exports it. Without this, importing one hook from a feature's index
      // brought in all of its forms, and zod and react-hook-form with them.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]src[\\/](features|components)[\\/]/, external: false, sideEffects: false },
        ],
      },
      output: {
        // Every screen is a lazy chunk (src/app/router.tsx), and rolldown splits the modules they
        // share into chunks of their own, so a screen's first visit fetches only what it uses.
        // There is deliberately no catch-all 'ui' or 'vendor' group: a group takes every module it
        // matches, so one would pull every Chakra component or package used by any screen (the
        // date picker, zod, react-hook-form, ...) into the first load. Only React and the router
        // have a long-lived chunk, as every page needs all of them, and the icons one, as they are
        // tiny and many. See docs/performance.md.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              // What the entry imports statically (the shell, the session check, Chakra's core and
              // the theme): one chunk rather than dozens of small ones.
              name: 'app',
              tags: ['$initial'],
              priority: 20,
            },
            {
              // Every icon of the app in one chunk (12 kB gzip): otherwise each icon, or each set
              // of icons that the same screens share, is a chunk of 200 bytes of its own, 19 of
              // the 65 requests before /dashboard renders. Over HTTP/1.1's six connections per
              // origin a phone pays a round trip for every six; the icons a screen does not
              // show cost it a few kB once (docs/performance.md, issue 36).
              name: 'icons',
              test: /node_modules[\\/]lucide-react[\\/]/,
              priority: 10,
            },
            {
              // Plaid Link loads only when a Plaid link token arrives (never for the demo bank).
              name: 'plaid-link',
              test: /node_modules[\\/]react-plaid-link[\\/]/,
              priority: 25,
            },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 600,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Both cores: Vitest's default leaves one idle here.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        // The files share each worker's modules and jsdom instead of importing Chakra and setting
        // up jsdom 122 times over (8 min → under 3 min on two cores); src/test/setup.ts undoes
        // what a file leaves behind in shared modules.
        extends: true,
        test: {
          name: 'shared',
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...MOCKS_MODULES],
        },
      },
      // vi.mock replaces a module for its file alone, which shared modules cannot honour. (Arrays
      // merge with the root's under `extends`, so neither include is at the root.)
      { extends: true, test: { name: 'isolated', isolate: true, include: MOCKS_MODULES } },
    ],
    // One copy of react-router for both 'react-router' and 'react-router/dom'
    // (otherwise Node picks the CJS build for one and ESM for the other).
    alias: [
      { find: /^react-router$/, replacement: reactRouterFile('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouterFile('dom-export.mjs') },
    ],
    server: { deps: { inline: [/react-router/] } },
  },
})
