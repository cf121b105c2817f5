/**
 * `npm run test:ssr`: the server-rendered example app's suite (examples/ssr-app, its own Playwright
 * configuration: one demo server, a session per test), a step of its own (`.ci/run` runs it before `npm
 * test`, which counts it; docs/decisions/0015). Ends with `N passed, N failed`; exits non-zero when
 * something failed.
 */
import { playwrightRunner, runStep } from './run-step.ts'

await runStep('ssr', playwrightRunner('-c', 'examples/ssr-app/playwright.config.ts', ...process.argv.slice(2)))
