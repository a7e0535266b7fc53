import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

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
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, so an app change does not bust them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'ui',
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@pandacss)[\\/]/,
              priority: 20,
            },
            {
              // Charts load lazily with the screens that draw them, never with the first screen.
              name: 'charts',
              test: /node_modules[\\/](@nivo|@react-spring|d3-[a-z-]+|internmap|delaunator|robust-predicates|lodash|react-virtualized-auto-sizer|use-debounce)[\\/]/,
              priority: 25,
            },
            { name: 'vendor', test: /node_modules/, priority: 10 },
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
