/**
 * `npm run test:browser`: the suites that drive Debian's Chromium: Vitest's browser project (the browser
 * demo, the browser store, the console, the devtools panel, the API reference page, the console's token, the Playwright
 * fixtures' evidence of a failed test and the panel loading one) and the Playwright suite (test/e2e,
 * project demo). A step of its own that `.ci/run` runs before `npm test`, whose closing line counts it
 * (docs/decisions/0015): together they take more CPU than the 2-core loop can spare (docs/benchmark.md,
 * "npm test"). Without Debian's Chromium, outside CI, it says so and counts nothing.
 * Ends with `N passed, N failed`; exits non-zero when something failed.
 */
import { existsSync } from 'node:fs'
import { CHROMIUM } from '../test/support/chromium.ts'
import { playwrightRunner, runStep, vitestRunner } from './run-step.ts'

if (!existsSync(CHROMIUM) && !process.env.CI) {
  console.log(`test:browser: no ${CHROMIUM} here (apt-get install chromium); nothing run, nothing counted`)
} else {
  await runStep('browser', [vitestRunner('--project', 'browser', ...process.argv.slice(2)), playwrightRunner('--project=demo')])
}
