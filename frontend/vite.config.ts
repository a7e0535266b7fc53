import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath, URL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

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
    closeBundle() {
      for (const file of files(outDir).filter((f) => compressible.test(f))) {
        const data = readFileSync(file)
        if (data.length < 1024) continue
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }))
      }
    },
  }
}

const reactRouterFile = (name: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/development/${name}`, import.meta.url))

const apiProxy = {
  '/api': {
    target: 'http://127.0.0.1:8080',
    changeOrigin: true,
  },
}

// https://vite.dev/config/
/** The date picker's code: Chakra's and Ark's components, Zag's machine, and calendar maths. */
const DATE_PICKER =
  /node_modules[\\/](@zag-js[\\/](date-picker|date-utils)|@internationalized[\\/]date|(@ark-ui|@chakra-ui)[\\/]react[\\/]dist[\\/]([^\\/]+[\\/])?components[\\/]date-picker)[\\/]/

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, so an app change does not bust them. The date picker and its
        // calendar maths are left out of them, so they load with the first date field (lazily,
        // see src/components/date-calendar.tsx) and not with the first screen.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'ui',
              test: (id: string) => !DATE_PICKER.test(id) && /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@pandacss)[\\/]/.test(id),
              priority: 20,
            },
            {
              // Charts load lazily with the screens that draw them, never with the first screen.
              name: 'charts',
              test: /node_modules[\\/](@nivo|@react-spring|d3-[a-z-]+|internmap|delaunator|robust-predicates|lodash|react-virtualized-auto-sizer|use-debounce)[\\/]/,
              priority: 25,
            },
            {
              // Plaid Link loads only when a Plaid link token arrives (never for the demo bank).
              name: 'plaid-link',
              test: /node_modules[\\/]react-plaid-link[\\/]/,
              priority: 25,
            },
            { name: 'vendor', test: (id: string) => !DATE_PICKER.test(id) && /node_modules/.test(id), priority: 10 },
          ],
        },
      },
    },
    chunkSizeWarningLimit: 600,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // One copy of react-router for both 'react-router' and 'react-router/dom'
    // (otherwise Node picks the CJS build for one and ESM for the other).
    alias: [
      { find: /^react-router$/, replacement: reactRouterFile('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouterFile('dom-export.mjs') },
    ],
    server: { deps: { inline: [/react-router/] } },
  },
})
