import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'

// Every story is a test, run in Chromium: Playwright's own, or the one CHROMIUM_PATH names (Debian's in CI).
const executablePath = process.env.CHROMIUM_PATH || undefined

/**
 * One project per Storybook: CSF 3 (.storybook), CSF Next (.storybook-next), and the msw-storybook-addon
 * recipe (.storybook-msw-addon).
 */
const storybook = (configDir: string) => ({
  extends: true as const,
  plugins: [storybookTest({ configDir })],
  test: { name: configDir.slice(1) },
})

export default defineConfig({
  // Pre-bundled up front: a dependency Vite discovers during the run reloads the page under the tests.
  optimizeDeps: {
    include: ['react', 'react-dom', 'react-dom/client', 'react/jsx-dev-runtime', 'storybook/test', 'workspace-api-mock/storybook', 'msw', 'msw/browser'],
  },
  test: {
    projects: [storybook('.storybook'), storybook('.storybook-next'), storybook('.storybook-msw-addon')],
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: { executablePath } }),
      instances: [{ browser: 'chromium' }],
    },
  },
})
