// The kit's fixture options in a Playwright config's `use` (docs/runners.md): type-checked against the
// shipped types, not run (this folder's own config is playwright.config.ts).
import { defineConfig } from '@playwright/test'
import type { MockTestOptions, MockWorkerOptions } from 'workspace-api-mock/playwright'

// The fixtures' options, typed: every test's mock, or a session of a demo server for every `sessionTest`.
export const typed = defineConfig<MockTestOptions, MockWorkerOptions>({
  use: {
    mockOptions: { scenario: 'demo', seed: 42 },
    mockServer: { url: 'http://127.0.0.1:4010' },
    mockSessionOptions: { scenario: 'multi-tenant', seed: 7 },
  },
})

// @ts-expect-error without the type arguments, `use` takes Playwright's own options only (TS2769)
export const untyped = defineConfig({ use: { mockServer: { url: 'http://127.0.0.1:4010' } } })
