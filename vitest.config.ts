import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url))

/** The longest files (over 10 s each), longest first. */
const LONGEST_FIRST = [
  'test/package/pack.test.ts',
  'test/hostile/fuzz.test.ts',
  'test/browser/demo.test.ts',
  'test/browser/console.test.ts',
  'test/browser/store.test.ts',
]

/**
 * The longest files start first, one per worker, so that the two workers share the load from the start.
 * Vitest orders by the times it cached from the last run, which a clean clone (CI) does not have: by file
 * size, two of the longest files could end up one after the other on one worker.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((path) => spec.moduleId.replace(/\\/g, '/').endsWith(path))
      return at === -1 ? LONGEST_FIRST.length : at
    }
    return sorted.map((spec, index) => ({ spec, index })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index).map(({ spec }) => spec)
  }
}

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
    reporters: ['default', './test/support/contract-reporter.ts', './test/support/count-reporter.ts'],
    // Vitest's default on 2 cores is one worker; many suites wait on child processes (CLI, npm pack,
    // Chromium), so two workers finish sooner, and the two isolation files really run in parallel.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
