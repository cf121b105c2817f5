/**
 * The end-to-end suite: the browser demo (test/e2e) and the README's Playwright example
 * (examples/playwright-consumer), driven through workspace-api-mock/playwright's fixture with the package
 * imported from source, each test with its own mock. Debian's Chromium only (never a downloaded browser).
 * `npm test` runs it (scripts/test.ts); alone: `npx playwright test`.
 */
import { defineConfig } from '@playwright/test'
import { CHROMIUM, CHROMIUM_ARGS } from './test/support/chromium.ts'

export default defineConfig({
  // The repository's tsconfig for every file: `workspace-api-mock/*` resolve to src/ (its `paths`).
  tsconfig: './tsconfig.json',
  fullyParallel: true,
  workers: 4,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  globalSetup: './test/e2e/global-setup.ts',
  outputDir: 'test-results',
  // scripts/test.ts asks for a JSON report (WAM_PLAYWRIGHT_JSON) to count the results.
  reporter: process.env.WAM_PLAYWRIGHT_JSON
    ? [['dot'], ['json', { outputFile: process.env.WAM_PLAYWRIGHT_JSON }]]
    : [['list']],
  use: {
    baseURL: process.env.WAM_E2E_DEMO_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'demo', testDir: 'test/e2e' },
    { name: 'readme-example', testDir: 'examples/playwright-consumer' },
  ],
})
