/**
 * `npm run test:package`: the packed package in fresh consumer projects (test/package/pack.test.ts, the
 * Vitest project `package`), a step of its own (`.ci/run` runs it before `npm test`, which counts it).
 * Ends with `N passed, N failed`; exits non-zero when something failed.
 */
import { readFileSync } from 'node:fs'
import type { Counts } from '../test/support/count-reporter.ts'
import { runStep } from './run-step.ts'

await runStep('package', {
  script: 'vitest/vitest.mjs',
  args: ['run', '--project', 'package', ...process.argv.slice(2)],
  reportVariable: 'WAM_VITEST_COUNTS',
  read: (file) => JSON.parse(readFileSync(file, 'utf8')) as Counts,
})
