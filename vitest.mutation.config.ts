/**
 * The Vitest suites StrykerJS runs against each mutant (`npm run mutation`, stryker.config.mjs): the behaviour
 * suites that exercise the kit in this process. Left out:
 * - what a mutant activated in this process cannot reach: the packed-package test, the Chromium suites, the
 *   Playwright suite, suites whose subject is a child process (the CLI);
 * - the broad properties that run nearly all of the kit for seconds (fuzzing, 1,000 concurrent requests,
 *   interleaved sessions, eight parallel clients): a mutant no focused test kills would run them all, so
 *   they would set the run's length; npm test runs them;
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import base from './vitest.config.ts'

/** Test folders that hold the behaviour tests of each source folder, nearest first. */
const TESTS_OF: Record<string, string[]> = {
  handlers: ['handlers', 'api', 'openapi', 'verify'],
  model: ['model', 'api'],
  testkit: ['testkit'],
  scenarios: ['api', 'readme'],
  factories: ['api'],
  server: ['server', 'openapi'],
  api: ['api', 'testkit'],
  cli: ['server', 'verify', 'record'],
}

/**
 * The files likeliest to kill the mutant first, then quick files first. A mutant's run stops at its first
 * failing test (Stryker sets `bail`), so a killed mutant costs least when the focused tests of the mutated
 * file run before the broad ones. Stryker names the mutated file in `related` before each run: files named
 * like it come first (src/handlers/reply/cors.ts: test/handlers/cors*.test.ts), then its folder's test folders,
 * then the rest; within each, quickest first (Vitest's own order is slowest first).
 */
class NearestThenQuickFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const mutated = (this.ctx.config.related ?? [])[0]?.replace(/\\/g, '/')
    const [, folder = '', name = ''] = mutated?.match(/\/src\/([^/]+)\/(?:.*\/)?([^/]+)\.ts$/) ?? []
    const nearest = (TESTS_OF[folder] ?? []).map((dir) => `/test/${dir}/`)
    const rank = (spec: TestSpecification) => {
      const path = spec.moduleId.replace(/\\/g, '/')
      const at = nearest.findIndex((dir) => path.includes(dir))
      if (name && at !== -1 && path.slice(path.lastIndexOf('/') + 1).startsWith(name)) return 0
      return at === -1 ? nearest.length + 1 : at + 1
    }
    const duration = (spec: TestSpecification) => this.ctx.cache.getTestSpecificationResult(spec)?.duration ?? 0
    return [...files].sort((a, b) => rank(a) - rank(b) || duration(a) - duration(b))
  }
}

/**
 * Stryker starts a fresh Vitest worker for each mutant, and the kit's dependencies were most of what it
 * loads: faker's main entry brings every locale (aliased here to its locale-free class); @msw/data and zod
 * are pre-bundled as in npm test (vitest.config.ts).
 */

export default defineConfig({
  ...base,
  resolve: {
    alias: [
      ...(base.resolve?.alias as { find: RegExp; replacement: string }[]),
      { find: /^@faker-js\/faker$/, replacement: fileURLToPath(new URL('./test/support/faker-without-locales.ts', import.meta.url)) },
    ],
  },
  // One pre-bundle cache per Stryker test runner: two runners start at once and would write the same one.
  cacheDir: `node_modules/.vite-mutation-${process.env.STRYKER_MUTATOR_WORKER ?? 'main'}`,
  test: {
    ...base.test,
    // One set of files, isolated or not as the reporter says (npm test's two projects do not apply).
    projects: undefined,
    // The suites start the command from its sources here: two test runners would build the bundle into one
    // folder at once.
    globalSetup: [],
    include: [
      'test/api/**/*.test.ts',
      'test/handlers/**/*.test.ts',
      'test/model/**/*.test.ts',
      'test/testkit/**/*.test.ts',
      'test/openapi/**/*.test.ts',
      'test/icons/**/*.test.ts',
      'test/hostile/**/*.test.ts',
      'test/server/**/*.test.ts',
      'test/readme/**/*.test.ts',
      'test/schema-files.test.ts',
      'test/verify/**/*.test.ts',
    ],
    exclude: [
      'test/server/cli-*.test.ts',
      'test/server/faults-admin.test.ts', // drives the CLI process
      'test/cli/mcp-stdio.test.ts', // drives the CLI process
      'test/verify/deviant.test.ts', // drives the CLI process
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
    sequence: { sequencer: NearestThenQuickFirst },
    // The hostile suite's isolation properties run a quarter of their cases: a mutant that survives runs every
    // test covering it, and they cover nearly all of the kit. npm test runs them in full. (The model's index
    // consistency property keeps its 8 cases: with 2 it let 29 more mutants of src/model/indexes.ts live.)
    // The properties' own time limits (120 s) drop to 15 s: a mutant that hangs one fails it then, not at
    // Stryker's timeout (1.5 times every covering test's time) with a test-runner restart after it.
    env: { FUZZ_SCALE: '0.25', PROPERTY_TIMEOUT_MS: '15000' },
    // A hook left waiting fails after 4 s, and so does a test in the dry run (2.5 s in a mutant's run, set by
    // the reporter below), within Stryker's own allowance (5 s plus 1.5 times the tests' time): Stryker counts
    // it killed and goes on, where its own timeout would kill and restart the whole test-runner process (about
    // 10 s each; src/node had 67 such mutants). No test of these suites takes over 1.1 s but the properties,
    // which set their own limit.
    testTimeout: 4_000,
    hookTimeout: 4_000,
    setupFiles: ['test/support/stryker-hook-coverage.ts'],
    // Stryker reads results through its own hooks (and drops test output): Vitest's own reporter only when run by
    // hand. The contract tally and the closing count are npm test's.
    reporters: [
      ...(process.env.STRYKER_MUTATOR_WORKER === undefined ? ['default'] : []),
      './test/support/stryker-shared-modules-per-mutant.ts',
    ],
  },
})
