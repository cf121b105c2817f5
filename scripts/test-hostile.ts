/**
 * `npm run test:hostile`: Vitest's hostile project, record's and verify's runs against the hostile service
 * (a child process a mode, each with a 96 MiB heap, its peak memory read), the demo server's last doors
 * and the stress suites (1,000 concurrent requests; sessions and indexes driven by properties). A step of
 * its own that `.ci/run` runs before `npm test`, whose closing line counts it (docs/decisions/0015). Ends
 * with `N passed, N failed`; exits non-zero when something failed.
 */
import { runStep, vitestRunner } from './run-step.ts'

await runStep('hostile', vitestRunner('--project', 'hostile', ...process.argv.slice(2)))
