/**
 * The end-to-end suite (test/e2e): the browser demo driven through workspace-api-mock/playwright's fixture
 * with the package imported from source, each test with its own mock, 2 workers (one
 * per core: it runs beside Vitest, and each worker is a Chromium of its own). Debian's Chromium only
 * (never a downloaded browser). `npm test` runs it (scripts/test.ts); alone: `npx playwright test`. The
 * README's example (examples/playwright-consumer) runs against the packed package in
 * test/package/pack.test.ts; `npx playwright test` runs it here too, against the source.
 *
 * examples/ssr-app has a configuration of its own (`npm run test:ssr`, a CI step outside `npm test`).
 */
import { defineConfig } from '@playwright/test'
import { CHROMIUM, CHROMIUM_ARGS } from './test/support/chromium.ts'

export default defineConfig({
  // The repository's tsconfig for every file: `workspace-api-mock/*` resolve to src/ (its `paths`).
  tsconfig: './tsconfig.json',
  fullyParallel: true,
  // One per core: it runs beside Vitest, and each worker is a Chromium of its own.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  // The browser demo's build, served for the run.
  globalSetup: './test/e2e/global-setup.ts',
  // Playwright empties its output folder when it starts: its own, not the Vitest browser tests' screenshots.
  outputDir: 'test-results/e2e',
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
    { name: 'demo', testDir: 'test/e2e', metadata: { workers: 2 } },
    // Not in `npm test` (scripts/test.ts runs `--project=demo`; the pack test runs it against the tarball).
    { name: 'readme-example', testDir: 'examples/playwright-consumer' },
  ],
})
