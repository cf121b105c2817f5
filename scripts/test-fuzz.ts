/**
 * `npm run test:fuzz`: the fuzz suite at its whole depth (test/hostile/fuzz.test.ts, more than 10,000
 * generated requests), a step of its own that `.ci/run` runs before `npm test`, whose closing line counts
 * it; `npm test` itself sends a seeded twentieth of it (WAM_FUZZ_SAMPLE). Ends with `N passed, N failed`.
 */
import { runStep, vitestRunner } from './run-step.ts'

delete process.env.WAM_FUZZ_SAMPLE
await runStep('fuzz', vitestRunner('--project', 'isolated', 'test/hostile/fuzz.test.ts', ...process.argv.slice(2)))
