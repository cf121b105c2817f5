/**
 * A step of its own (`npm run test:package`, `npm run test:ssr`): runs one runner in the repository with
 * its output streamed, reads the counts it reported into a temporary folder, writes the step's report
 * (step-report.ts) and ends with `N passed, N failed`, exiting non-zero when something failed. A runner
 * that reported nothing, or exited badly without a failed test, counts as one failure.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { countLine, type Counts } from '../test/support/count-reporter.ts'
import { clearStepReport, writeStepReport, type Step } from './step-report.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))

export interface StepRunner {
  /** The runner's script under node_modules, e.g. `vitest/vitest.mjs`, and its arguments. */
  script: string
  args: readonly string[]
  /** The variable that tells the runner where to write its report (a file in a fresh temporary folder). */
  reportVariable: string
  /** The counts in that report. */
  read(file: string): Counts
}

export async function runStep(step: Step, runner: StepRunner): Promise<void> {
  clearStepReport(step)
  const dir = mkdtempSync(join(tmpdir(), `wam-${step}-`))
  const file = join(dir, 'report.json')
  const child = spawn(process.execPath, [join(ROOT, 'node_modules', runner.script), ...runner.args], {
    cwd: ROOT,
    env: { ...process.env, [runner.reportVariable]: file },
    stdio: 'inherit',
  })
  const [code] = (await once(child, 'close')) as [number | null]
  let counts: Counts
  try {
    counts = runner.read(file)
  } catch {
    counts = { passed: 0, failed: 1, skipped: 0 }
  }
  if (code !== 0 && counts.failed === 0) counts.failed = 1
  rmSync(dir, { recursive: true, force: true })
  writeStepReport(step, counts)
  console.log(`\n${countLine(counts)}`)
  process.exitCode = counts.failed === 0 ? 0 : 1
}
