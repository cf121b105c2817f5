/**
 * The end-to-end suite (test/e2e): the browser demo driven through workspace-api-mock/playwright's fixture
 * with the package imported from source, each test with its own mock, 2 workers (one
 * per core: it runs beside Vitest, and each worker is a Chromium of its own). Debian's Chromium only
 * (never a downloaded browser). `npm test` runs it (scripts/test.ts); alone: `npx playwright test`. The
 * README's example (examples/playwright-consumer) runs against the packed package in
 * test/package/pack.test.ts; `npx playwright test` runs it here too, against the source.
 *
 * The ssr project (examples/ssr-app): a server-rendered app whose server calls one demo server, a session
 * per test (workspace-api-mock/playwright's mockSession), 4 workers; `npm test` runs it too. Most of its
 * tests drive the app with Playwright's `request`, three with a page (one Chromium): about 9 s of CPU.
 */
import { defineConfig } from '@playwright/test'
import { CHROMIUM, CHROMIUM_ARGS } from './test/support/chromium.ts'

export default defineConfig({
  // The repository's tsconfig for every file: `workspace-api-mock/*` resolve to src/ (its `paths`).
  tsconfig: './tsconfig.json',
  fullyParallel: true,
  // The most at once; each project says its own (demo 2, one per core beside Vitest; ssr the 4).
  workers: 4,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  // Both run for any project: the browser demo's build, and the ssr project's demo server and example app.
  globalSetup: ['./test/e2e/global-setup.ts', './examples/ssr-app/global-setup.ts'],
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
    { name: 'demo', testDir: 'test/e2e', workers: 2, metadata: { workers: 2 } },
    // examples/ssr-app: a server-rendered app, a demo-server session per test (workspace-api-mock/playwright's mockSession).
    { name: 'ssr', testDir: 'examples/ssr-app/tests', workers: 4, use: { baseURL: process.env.WAM_SSR_APP_URL } },
    // Not in `npm test` (scripts/test.ts runs `--project=demo --project=ssr`; the pack test runs it against the tarball).
    { name: 'readme-example', testDir: 'examples/playwright-consumer' },
  ],
})
