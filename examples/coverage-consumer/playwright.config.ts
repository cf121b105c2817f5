import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  reporter: [
    ['list'],
    // The API coverage of the end-to-end suite, and its gate: a screen that never saw a 429 is not done. And
    // the pact of what the pages relied on (docs/contract.md).
    ['workspace-api-mock/playwright', { outputDir: process.env.API_COVERAGE_DIR ?? 'api-coverage-e2e', gate: { required: { listWorkspaces: ['200', 'fault:429', 'fault:503'] } }, pact: { consumer: 'web-app-pages' } }],
  ],
  use: {
    // Playwright's Chromium (`npx playwright install chromium`), or one of your own: CHROMIUM_PATH=/usr/bin/chromium
    launchOptions: { executablePath: process.env.CHROMIUM_PATH },
  },
})
