import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** Dependencies Vite bundles once for the test files (see `deps` below). */
const PREBUNDLED = ['@msw/data', 'zod']

/** The loop's longest files (over 4 s each in npm test), longest first, as Vitest's timing cache orders them. */
const LONGEST_FIRST = [
  'test/hostile/fuzz.test.ts',
  'test/verify/verify.test.ts',
  'test/server/faults-admin.test.ts',
  'test/cli/cli-flags.test.ts',
  'test/cli/cli-state.test.ts',
  'test/cli/cli-lifecycle.test.ts',
  'test/cli/mcp-stdio.test.ts',
  'test/vitest-helper/use-mock-api.test.ts',
  'test/evidence/use-mock-api.test.ts',
  'test/record/round-trip.test.ts',
  'test/cli/operations-module.test.ts',
  'test/server/write-path.test.ts',
  'test/readme/session-sketches.test.ts',
  'test/verify/deviant.test.ts',
  'test/hostile/isolation.test.ts',
]

/**
 * Vitest starts the files that took longest last time first, from its timing cache; a clean clone (CI)
 * has none and orders by file size, which started the fuzzing late: 194 s on a clean clone against 162 s
 * for the next run in the same clone. Without a cache, the longest files known here start first.
 */
class LongestFirstWithoutCache extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    if (files.some((spec) => this.ctx.cache.getTestSpecificationResult(spec) !== undefined)) return sorted
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((path) => spec.moduleId.replace(/\\/g, '/').endsWith(path))
      return at === -1 ? LONGEST_FIRST.length : at
    }
    // Array sort is stable: the rest keep Vitest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b))
  }
}

/**
 * Files that need a module graph of their own: the two that prove a consumer's files do not share mock
 * state across Vitest's workers, and the fuzzing, which fills a worker anyway.
 */
const ISOLATED = ['test/hostile/parallel-alpha.test.ts', 'test/hostile/parallel-beta.test.ts', 'test/hostile/fuzz.test.ts']

/**
 * The packed package in fresh consumer projects: an `npm pack` and an install of 270 MB, then every runner
 * (37 s of CPU). `npm run test:package` runs it (and `.ci/run`, before `npm test`, whose closing line then
 * counts it); `npm test` leaves it out (see docs/decisions/0015).
 */
const PACKAGE = ['test/package/pack.test.ts']

/**
 * The suites that drive Debian's Chromium (the browser demo, the browser store, the console, the devtools
 * panel, the API reference page, a page with one operation live, the console's token, the Playwright
 * fixtures' evidence of a failed test, the panel loading one, the coverage example's suites, its page and
 * its pact verified, coverage in the console and the panel): `npm run test:browser` runs them with the
 * Playwright suite, a step that `.ci/run` runs before `npm test`, whose closing line counts it (see
 * docs/decisions/0015). Together they cost more CPU than the 2-core loop can spare (docs/benchmark.md,
 * "npm test").
 */
const BROWSER = [
  'test/browser/demo.test.ts',
  'test/browser/store.test.ts',
  'test/browser/console.test.ts',
  'test/browser/panel.test.ts',
  'test/browser/docs-page.test.ts',
  'test/browser/live.test.ts',
  'test/server/console-token.test.ts',
  'test/evidence/playwright.test.ts',
  'test/browser/evidence-panel.test.ts',
  'test/coverage/consumer.test.ts',
  'test/coverage/console.test.ts',
]

/**
 * record's and verify's runs against the hostile service (a child process a mode, each with a 96 MiB heap,
 * its peak memory read), the demo server's last doors (floods, then its memory) and the stress suites
 * (1,000 concurrent requests against one mock; the demo server's sessions, and the indexes after random
 * writes, driven by properties). `npm run test:hostile` runs them, a step `.ci/run` runs before `npm test`,
 * whose closing line counts it (docs/decisions/0015): together a quarter of the loop's CPU.
 */
const HOSTILE = [
  'test/record/hostile.test.ts',
  'test/verify/hostile.test.ts',
  'test/hostile/attack-doors.test.ts',
  'test/hostile/attack-budgets.test.ts',
  'test/hostile/concurrency.test.ts',
  'test/hostile/sessions.test.ts',
  'test/model/index-consistency.test.ts',
]

/**
 * Pact's reference verifier (native code, seconds a run) replaying the consumer contract against the demo
 * server and a deviant copy: `npm run test:contract`, a step `.ci/run` runs before `npm test`, whose
 * closing line counts it (docs/decisions/0023). The contract's own suites stay in the loop.
 */
const CONTRACT = ['test/contract/verifier.test.ts']

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url))

/** Named for the checkout: git worktrees of one repository may share a node_modules (test/support/cli-bundle.ts). */
const CHECKOUT = createHash('sha256').update(fileURLToPath(new URL('./', import.meta.url))).digest('hex').slice(0, 12)

export default defineConfig({
  // Vite's pre-bundled dependencies, one folder per checkout: two worktrees' runs rewrote each other's.
  cacheDir: `node_modules/.vite/${CHECKOUT}`,
  resolve: {
    // Tests (and the README examples they run) import the package by its public name, from source.
    alias: [
      { find: /^workspace-api-mock\/node$/, replacement: source('node/index.ts') },
      { find: /^workspace-api-mock\/browser$/, replacement: source('browser/index.ts') },
      { find: /^workspace-api-mock\/vitest$/, replacement: source('vitest/index.ts') },
      { find: /^workspace-api-mock\/playwright$/, replacement: source('playwright/index.ts') },
      { find: /^workspace-api-mock\/storybook$/, replacement: source('storybook/index.ts') },
      { find: /^workspace-api-mock\/devtools$/, replacement: source('devtools/index.ts') },
      { find: /^workspace-api-mock$/, replacement: source('index.ts') },
    ],
  },
  test: {
    // Every test file loads the kit anew (files are isolated), and @msw/data and zod are many small modules
    // each (es-toolkit's barrels behind @msw/data): pre-bundled once by Vite, a file imports them in about
    // half the time. msw stays external (its interceptors load a wasm file a bundle leaves behind).
    deps: { optimizer: { ssr: { enabled: true, include: PREBUNDLED } } },
    server: { deps: { inline: PREBUNDLED } },
    // The count reporter's line (`N passed, N failed`) stays the last one.
    reporters: ['default', './test/support/contract-reporter.ts', './test/support/count-reporter.ts'],
    // Three workers on 2 cores: many suites wait (child processes, Chromium, real timers). With two, npm test
    // used 85% of what both cores could give; with three 92% (docs/benchmark.md, "npm test").
    maxWorkers: 3,
    sequence: { sequencer: LongestFirstWithoutCache },
    // The command, bundled once for the suites that start it (test/support/cli-bundle.ts).
    globalSetup: ['./test/support/cli-bundle.ts'],
    testTimeout: 30_000,
    // expect.poll's default second is too short when several suites and their Chromiums share 2 cores
    // (load averages of 10 to 15 made 1-second polls of the console, store and devtools files fail).
    expect: { poll: { timeout: 5_000 } },
    hookTimeout: 60_000,
    // The other files share one module graph per worker: loading the kit afresh for each of a hundred files
    // cost more than all their tests together (CPU of npm test's Vitest part: see docs/benchmark.md). Each
    // file still builds its own mock; the suites clean up what they start.
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      { extends: true, test: { name: 'package', include: PACKAGE } },
      // The coverage example's suite verifies its pact too (Pact's Rust core: no usage events, see below).
      { extends: true, test: { name: 'browser', include: BROWSER, isolate: false, env: { PACT_DO_NOT_TRACK: 'true' } } },
      { extends: true, test: { name: 'hostile', include: HOSTILE, isolate: false } },
      // The Rust core sends anonymous usage events unless told not to: nothing is sent that nobody asked for.
      { extends: true, test: { name: 'contract', include: CONTRACT, env: { PACT_DO_NOT_TRACK: 'true' } } },
      {
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...ISOLATED, ...PACKAGE, ...BROWSER, ...HOSTILE, ...CONTRACT], isolate: false },
      },
    ],
  },
})
