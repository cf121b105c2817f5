import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** Dependencies Vite bundles once for the test files (see `deps` below). */
export const PREBUNDLED = ['@msw/data', 'zod']

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url))

export default defineConfig({
  resolve: {
    // Tests (and the README examples they run) import the package by its public name, from source.
    alias: [
      { find: /^workspace-api-mock\/node$/, replacement: source('node/index.ts') },
      { find: /^workspace-api-mock\/browser$/, replacement: source('browser/index.ts') },
      { find: /^workspace-api-mock\/vitest$/, replacement: source('vitest/index.ts') },
      { find: /^workspace-api-mock\/playwright$/, replacement: source('playwright/index.ts') },
      { find: /^workspace-api-mock$/, replacement: source('index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // The count reporter's line (`N passed, N failed`) stays the last one.
    // Every test file loads the kit anew (files are isolated), and @msw/data and zod are many small modules
    // each (es-toolkit's barrels behind @msw/data): pre-bundled once by Vite, a file imports them in about
    // half the time. msw stays external (its interceptors load a wasm file a bundle leaves behind).
    deps: { optimizer: { ssr: { enabled: true, include: PREBUNDLED } } },
    server: { deps: { inline: PREBUNDLED } },
    reporters: ['default', './test/support/contract-reporter.ts', './test/support/count-reporter.ts'],
    // Vitest's default on 2 cores is one worker; many suites wait on child processes (CLI, npm pack,
    // Chromium), so two workers finish sooner, and the two isolation files really run in parallel.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
