/**
 * `npm run test:contract`: Pact's reference verifier (@pact-foundation/pact's Verifier, the Rust core)
 * replaying the consumer contract of a suite against the demo server and against a deviant copy of it. A
 * step of its own that `.ci/run` runs before `npm test`, whose closing line counts it (docs/decisions/0015,
 * 0023). Ends with `N passed, N failed`; exits non-zero when something failed.
 */
import { runStep, vitestRunner } from './run-step.ts'

await runStep('contract', vitestRunner('--project', 'contract', ...process.argv.slice(2)))
