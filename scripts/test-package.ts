/**
 * `npm run test:package`: the packed package in fresh consumer projects (test/package/pack.test.ts, the
 * Vitest project `package`), a step of its own (`.ci/run` runs it before `npm test`, which counts it).
 * Ends with `N passed, N failed`; exits non-zero when something failed.
 */
import { runStep, vitestRunner } from './run-step.ts'

await runStep('package', vitestRunner('--project', 'package', ...process.argv.slice(2)))
