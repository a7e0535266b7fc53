// The floor of the mandated stack: the smallest app on React 19 (a), + React Router 7 (b),
// + TanStack Query (c), + Chakra UI v3 with the project's own system (d). VARIANT=a|b|c|d picks
// variants/<v>; the build goes to target/stack-floor/dist/<v>. Run by scripts/stack-floor/run.sh.
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const variant = process.env.VARIANT ?? 'a'
const here = fileURLToPath(new URL('.', import.meta.url))

export default defineConfig({
  root: here,
  resolve: { alias: { 'floor-variant': `${here}variants/${variant}/main.tsx` } },
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: `${here}../../target/stack-floor/dist/${variant}`,
    emptyOutDir: true,
    manifest: true,
  },
})
