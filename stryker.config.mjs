// @ts-check
/**
 * Mutation testing of the kit (`npm run mutation`, docs/mutation.md). Not part of `npm test`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: true, pool: 'threads' },
  coverageAnalysis: 'perTest',
  // Stryker rewrites the sandbox's tsconfig `extends`/`references` with TypeScript's classic compiler API,
  // which TypeScript 7 no longer has. Ours has neither to rewrite: naming no tsconfig skips the step.
  tsconfigFile: 'no-tsconfig-to-rewrite.json',
  // Mutants in code that runs while modules load (schema declarations, data tables, constants) would each
  // need every related test file rerun, a full suite per mutant: over 1,300 of them, hours on 2 cores.
  // They are left out; docs/mutation.md says what covers that code instead.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  mutate: [
    'src/**/*.ts',
    // Code that runs in Chromium or in Playwright's runner, where a mutant activated in the Vitest process
    // cannot reach; the Chromium and Playwright suites prove it (docs/mutation.md).
    '!src/browser/**',
    '!src/console-page/**',
    '!src/playwright/**',
    // Generated data: base64 icon art (scripts/embed-icons.ts).
    '!src/handlers/kit-routes/icon-data.ts',
    // The CLI's banner: text for people.
    '!src/cli/banner.ts',
  ],
  ignorePatterns: ['dist', 'test-results', 'reports', 'examples', 'bench', '*.tgz'],
  // Vitest strips types without checking them: no `// @ts-nocheck` is needed (and a test compares
  // icon-data.ts with what its generator writes).
  disableTypeChecks: false,
  concurrency: 2,
  timeoutMS: 5_000,
  dryRunTimeoutMinutes: 10,
  reporters: ['html', 'json', 'progress', 'clear-text'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: false },
  thresholds: { high: 90, low: 85, break: null },
}
