/**
 * A step of its own (`npm run test:package`, `npm run test:ssr`, `npm run test:browser`): runs its runners
 * in the repository one after the other, their output streamed, reads the counts each reported into a
 * temporary folder, writes the step's report (step-report.ts) and ends with `N passed, N failed`, exiting
 * non-zero when something failed. A runner that reported nothing, or exited badly without a failed test,
 * counts as one failure.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { countLine, type Counts } from '../test/support/count-reporter.ts'
import { playwrightCounts } from './playwright-counts.ts'
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

/** Vitest with these arguments (after `run`), its counts from the count reporter (WAM_VITEST_COUNTS). */
export function vitestRunner(...args: string[]): StepRunner {
  return {
    script: 'vitest/vitest.mjs',
    args: ['run', ...args],
    reportVariable: 'WAM_VITEST_COUNTS',
    read: (file) => JSON.parse(readFileSync(file, 'utf8')) as Counts,
  }
}

/** Playwright with these arguments (after `test`), its counts from its JSON reporter (WAM_PLAYWRIGHT_JSON). */
export function playwrightRunner(...args: string[]): StepRunner {
  return { script: '@playwright/test/cli.js', args: ['test', ...args], reportVariable: 'WAM_PLAYWRIGHT_JSON', read: playwrightCounts }
}

/** Runs the step's runners one after the other (each alone on the cores), sums their counts, writes the report. */
export async function runStep(step: Step, runners: StepRunner | readonly StepRunner[]): Promise<void> {
  clearStepReport(step)
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 }
  for (const runner of [runners].flat()) {
    const one = await runOne(step, runner)
    counts.passed += one.passed
    counts.failed += one.failed
    counts.skipped += one.skipped
  }
  writeStepReport(step, counts)
  console.log(`\n${countLine(counts)}`)
  process.exitCode = counts.failed === 0 ? 0 : 1
}

/** One runner's counts; one failure when it reported nothing, or exited badly without a failed test. */
async function runOne(step: Step, runner: StepRunner): Promise<Counts> {
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
  return counts
}
