/**
 * The example's own Playwright configuration: one demo server for the run and the app pointed at it
 * (global-setup.ts), a demo-server session per test (tests/fixtures.ts), 4 workers. Debian's Chromium only
 * (never a downloaded browser); most tests use Playwright's `request`, three a page.
 * In this repository: `npx playwright test -c examples/ssr-app` or `npm run test:ssr` (a CI step of its
 * own, whose counts `npm test`'s closing line adds: docs/decisions/0015).
 */
import { defineConfig } from '@playwright/test'
import { CHROMIUM, CHROMIUM_ARGS } from '../../test/support/chromium.ts'

export default defineConfig({
  // The repository's tsconfig: `workspace-api-mock/*` resolve to src/ (its `paths`).
  tsconfig: '../../tsconfig.json',
  testDir: 'tests',
  fullyParallel: true,
  workers: 4,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  globalSetup: './global-setup.ts',
  outputDir: '../../test-results/ssr',
  // scripts/test-ssr.ts asks for a JSON report (WAM_PLAYWRIGHT_JSON) to count the results.
  reporter: process.env.WAM_PLAYWRIGHT_JSON ? [['dot'], ['json', { outputFile: process.env.WAM_PLAYWRIGHT_JSON }]] : [['list']],
  use: {
    baseURL: process.env.WAM_SSR_APP_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
})
