/**
 * The Vitest suites StrykerJS runs against each mutant (`npm run mutation`, stryker.config.mjs): every suite that
 * exercises the kit in this process. Left out, because a mutant activated in this process cannot reach them or
 * they cost minutes per mutant: the packed-package test, the Chromium suites, the Playwright suite, and suites
 * whose subject is a child process (the CLI), and the two that prove Vitest's file isolation. The fuzz suites
 * run at a tenth of their volume.
 */
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import base from './vitest.config.ts'

process.env.FUZZ_SCALE ??= '0.1'

/**
 * Quick files first: a mutant's run stops at its first failing test (Stryker sets `bail`), so a killed mutant
 * costs least when the quick tests that cover it run before the slow ones. (Vitest's own order is slowest first.)
 */
class QuickFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const duration = (spec: TestSpecification) => this.ctx.cache.getTestSpecificationResult(spec)?.duration ?? 0
    return [...files].sort((a, b) => duration(a) - duration(b))
  }
}

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: [
      'test/api/**/*.test.ts',
      'test/handlers/**/*.test.ts',
      'test/model/**/*.test.ts',
      'test/testkit/**/*.test.ts',
      'test/openapi/**/*.test.ts',
      'test/icons/**/*.test.ts',
      'test/hostile/**/*.test.ts',
      'test/server/**/*.test.ts',
      'test/mutation/**/*.test.ts',
      'test/readme/**/*.test.ts',
      'test/schema-files.test.ts',
    ],
    // parallel-alpha/beta prove that Vitest's workers isolate files, which this run turns off (below).
    exclude: [
      'test/server/cli-*.test.ts',
      'test/readme/session-sketches.test.ts',
      'test/hostile/parallel-*.test.ts',
    ],
    // Each mutant's run starts a fresh worker; within it, files share one module graph: the kit is
    // imported once per run instead of once per file (a full run takes 25 s instead of 53 s).
    isolate: false,
    sequence: { sequencer: QuickFirst },
    setupFiles: ['test/support/stryker-hook-coverage.ts'],
    // Stryker reads results through its own hooks; the contract tally and the closing count are npm test's.
    reporters: ['default'],
  },
})
