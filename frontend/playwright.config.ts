import { defineConfig } from '@playwright/test'

// Run through `scripts/e2e.sh` (or `just test-e2e`): it starts the real server, database and an
// SMTP server, then sets E2E_BASE_URL and E2E_MAILDIR. Debian's Chromium is used; Playwright
// never downloads a browser.
const artifacts = process.env.E2E_ARTIFACTS ?? 'test-results'

const TRACE_MODES = ['off', 'on', 'retain-on-failure', 'retain-on-first-failure'] as const
function traceMode(value: string | undefined): (typeof TRACE_MODES)[number] {
  if (value === undefined || value === '') return 'retain-on-failure'
  const mode = TRACE_MODES.find((m) => m === value)
  if (!mode) throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(', ')}, not ${value}`)
  return mode
}

export default defineConfig({
  testDir: './e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  outputDir: `${artifacts}/results`,
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080',
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // The app honours prefers-reduced-motion (theme.ts): no animation frames to render or wait for.
    reducedMotion: 'reduce',
    // A trace records a screencast and a DOM snapshot of every action: a third of the browser's CPU
    // (docs/testing.md). `just test` runs without (E2E_TRACE=off): a failure still prints its error,
    // the page's aria snapshot and a screenshot. E2E_TRACE=retain-on-failure keeps a trace to open.
    trace: traceMode(process.env.E2E_TRACE),
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1440, height: 900 } }, testIgnore: /\.phone\.spec\.ts/ },
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      testMatch: /\.phone\.spec\.ts/,
    },
  ],
})
