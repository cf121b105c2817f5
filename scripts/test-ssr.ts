/**
 * `npm run test:ssr`: the server-rendered example app's suite (examples/ssr-app, its own Playwright
 * configuration: one demo server, a session per test), a step of its own (`.ci/run` runs it before `npm
 * test`, which counts it; docs/decisions/0015). Ends with `N passed, N failed`; exits non-zero when
 * something failed.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { countLine, type Counts } from '../test/support/count-reporter.ts'
import { playwrightCounts } from './playwright-counts.ts'
import { clearStepReport, writeStepReport } from './step-report.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
clearStepReport('ssr')
const dir = mkdtempSync(join(tmpdir(), 'wam-ssr-'))
const file = join(dir, 'playwright.json')
const args = ['test', '-c', 'examples/ssr-app/playwright.config.ts', ...process.argv.slice(2)]
const child = spawn(process.execPath, [join(ROOT, 'node_modules/@playwright/test/cli.js'), ...args], {
  cwd: ROOT,
  env: { ...process.env, WAM_PLAYWRIGHT_JSON: file },
  stdio: 'inherit',
})
const [code] = (await once(child, 'close')) as [number | null]
let counts: Counts
try {
  counts = playwrightCounts(file)
} catch {
  counts = { passed: 0, failed: 1, skipped: 0 }
}
if (code !== 0 && counts.failed === 0) counts.failed = 1
rmSync(dir, { recursive: true, force: true })
writeStepReport('ssr', counts)
console.log(`\n${countLine(counts)}`)
process.exitCode = counts.failed === 0 ? 0 : 1
