/**
 * `npm run test:package`: the packed package in fresh consumer projects (test/package/pack.test.ts, the
 * Vitest project `package`), a step of its own (`.ci/run` runs it before `npm test`, which counts it).
 * Ends with `N passed, N failed`; exits non-zero when something failed.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { countLine, type Counts } from '../test/support/count-reporter.ts'
import { clearStepReport, writeStepReport } from './step-report.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
clearStepReport('package')
const dir = mkdtempSync(join(tmpdir(), 'wam-package-'))
const file = join(dir, 'counts.json')
const child = spawn(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'package', ...process.argv.slice(2)], {
  cwd: ROOT,
  env: { ...process.env, WAM_VITEST_COUNTS: file },
  stdio: 'inherit',
})
const [code] = (await once(child, 'close')) as [number | null]
let counts: Counts
try {
  counts = JSON.parse(readFileSync(file, 'utf8')) as Counts
} catch {
  counts = { passed: 0, failed: 1, skipped: 0 }
}
if (code !== 0 && counts.failed === 0) counts.failed = 1
rmSync(dir, { recursive: true, force: true })
writeStepReport('package', counts)
console.log(`\n${countLine(counts)}`)
process.exitCode = counts.failed === 0 ? 0 : 1
