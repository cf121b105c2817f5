import { defineConfig } from '@playwright/test'

export default defineConfig({
  fullyParallel: true, // each test has its own mock, so tests of one file run in parallel too
  use: {
    // With your own UI: baseURL: 'http://localhost:5173', and webServer: { command: 'npm run dev', url: ... }.
    // Playwright's Chromium (`npx playwright install chromium`), or one of your own: CHROMIUM_PATH=/usr/bin/chromium
    launchOptions: { executablePath: process.env.CHROMIUM_PATH },
  },
})
