/**
 * The suites that run as steps of their own before `npm test` (`npm run test:package`, `test:storybook`,
 * `test:ssr`, `test:fuzz`, `test:browser`, `test:hostile`, `test:contract`: more time or CPU than the loop
 * can spare) leave their counts in `reports/<step>-counts.json` with the commit they ran on; `npm test` adds them to its closing line when
 * they are of the commit it runs on.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { countLine, type Counts } from '../test/support/count-reporter.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const REPORTS = join(ROOT, 'reports')

export const STEPS = ['package', 'storybook', 'ssr', 'fuzz', 'browser', 'hostile', 'contract'] as const
export type Step = (typeof STEPS)[number]

const reportFile = (step: Step) => join(REPORTS, `${step}-counts.json`)

/** The commit checked out, or '' outside a git checkout. */
export function headCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return ''
  }
}

/** Forgets a step's last counts (a step that then crashes leaves none, which CI counts as a failure). */
export function clearStepReport(step: Step): void {
  rmSync(reportFile(step), { force: true })
}

export function writeStepReport(step: Step, counts: Counts, extra: Record<string, unknown> = {}): void {
  mkdirSync(REPORTS, { recursive: true })
  writeFileSync(reportFile(step), `${JSON.stringify({ ...counts, commit: headCommit(), ...extra }, null, 2)}\n`)
}

/**
 * A step's counts for `npm test`'s closing line: its report when it is of this commit; otherwise, in CI,
 * one failure (`.ci/run` runs the steps first), and elsewhere nothing, with a note.
 */
export function stepCounts(step: Step, head = headCommit()): { counts: Counts; note: string } {
  const file = reportFile(step)
  const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Counts & { commit?: string }) : undefined
  if (report && (!head || report.commit === head)) {
    const { passed, failed, skipped } = report
    return { counts: { passed, failed, skipped }, note: `${step}: ${countLine(report)} (npm run test:${step})` }
  }
  const why = report ? `its report is of ${String(report.commit).slice(0, 7)}, not ${head.slice(0, 7)}` : 'no report'
  if (process.env.CI) {
    return { counts: { passed: 0, failed: 1, skipped: 0 }, note: `${step}: ${why}, counted as one failure (.ci/run runs npm run test:${step} first)` }
  }
  return { counts: { passed: 0, failed: 0, skipped: 0 }, note: `${step}: not counted (${why}; npm run test:${step})` }
}
