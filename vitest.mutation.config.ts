/**
 * The Vitest suites StrykerJS runs against each mutant (`npm run mutation`, stryker.config.mjs): the behaviour
 * suites that exercise the kit in this process. Left out:
 * - what a mutant activated in this process cannot reach: the packed-package test, the Chromium suites, the
 *   Playwright suite, suites whose subject is a child process (the CLI);
 * - the broad properties that run nearly all of the kit for seconds (fuzzing, 1,000 concurrent requests,
 *   interleaved sessions, eight parallel clients): a mutant no focused test kills would run them all, so
 *   they would set the run's length; npm test runs them;
 */
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import base from './vitest.config.ts'

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
    exclude: [
      'test/server/cli-*.test.ts',
      'test/server/faults-admin.test.ts', // drives the CLI process
      'test/readme/session-sketches.test.ts',
      'test/hostile/fuzz.test.ts',
      'test/hostile/concurrency.test.ts',
      'test/hostile/sessions.test.ts',
      'test/server/sessions-parallel.test.ts',
      // These two assert that Vitest's workers do not share mock state; mutant runs share one worker.
      'test/hostile/parallel-alpha.test.ts',
      'test/hostile/parallel-beta.test.ts',
    ],
    // Files are isolated in the dry run and share one module graph in each mutant's run: see the reporter.
    sequence: { sequencer: QuickFirst },
    // The properties (isolation, index consistency) run a quarter of their cases: a mutant that survives runs
    // every test covering it, and these cover nearly all of the model. npm test runs them in full.
    env: { FUZZ_SCALE: '0.25' },
    setupFiles: ['test/support/stryker-hook-coverage.ts'],
    // Stryker reads results through its own hooks; the contract tally and the closing count are npm test's.
    reporters: ['default', './test/support/stryker-shared-modules-per-mutant.ts'],
  },
})
