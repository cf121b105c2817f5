/**
 * `--baseline <earlier report.json>`: a run held to an earlier one, so that a nightly run speaks of what is
 * new. A difference is a check that differs, with what was expected and what was observed: the same
 * difference in the baseline is known (unchanged); any other is new (a check that differs otherwise than it
 * did is new too); a difference of the baseline that no longer differs is gone. Only new ones fail the run.
 */
import { shown } from '../text/terminal-text.ts'
import { CHECK_ID_WIDTH } from './report.ts'
import type { BaselineMember, Check, Report } from './report-format.ts'

export interface BaselineComparison {
  /** The baseline's run. */
  since: { target: string; startedAt: string }
  new: Check[]
  unchanged: Check[]
  /** Each difference of the baseline that no longer differs, and the check as it is now (undefined: not checked). */
  gone: Array<{ before: Check; now: Check | undefined }>
}

const differenceKey = (check: Check) => JSON.stringify([check.id, check.expected, check.observed])

/** Whether a check is a difference the baseline holds already; the comparison of a whole run with it. */
export interface Baseline {
  known(check: Check): boolean
  compare(report: Report): BaselineComparison
}

export function baselineOf(baseline: Report): Baseline {
  const differences = baseline.checks.filter((check) => check.verdict === 'differs')
  const keys = new Set(differences.map(differenceKey))
  const known = (check: Check) => check.verdict === 'differs' && keys.has(differenceKey(check))
  return {
    known,
    compare(report) {
      const now = new Map(report.checks.map((check) => [check.id, check]))
      const differing = report.checks.filter((check) => check.verdict === 'differs')
      return {
        since: { target: baseline.target, startedAt: baseline.startedAt },
        new: differing.filter((check) => !known(check)),
        unchanged: differing.filter(known),
        gone: differences.filter((before) => now.get(before.id)?.verdict !== 'differs').map((before) => ({ before, now: now.get(before.id) })),
      }
    },
  }
}

export function baselineMember(comparison: BaselineComparison): BaselineMember {
  const ids = (checks: readonly Check[]) => checks.map((check) => check.id)
  return { since: comparison.since, new: ids(comparison.new), gone: ids(comparison.gone.map((gone) => gone.before)), unchanged: ids(comparison.unchanged) }
}

/** The lines after the totals: the counts since the baseline, then a line for each difference gone. */
export function baselineLines(comparison: BaselineComparison, file: string, target: string): string {
  const { since } = comparison
  const other = since.target === target ? '' : `, a run against ${shown(since.target, 120)}`
  const head = `since the baseline ${shown(file, 200)} (${shown(since.startedAt, 40)}${other}): ${comparison.new.length} new, ${comparison.gone.length} gone, ${comparison.unchanged.length} unchanged`
  const gone = comparison.gone.map(({ before, now }) => {
    const was = `was expected ${shown(before.expected, 100)}, observed ${shown(before.observed, 100)}`
    const state = now === undefined ? 'no longer checked' : `now ${now.verdict}`
    return `${'gone'.padEnd(12)} ${shown(before.id, 120).padEnd(CHECK_ID_WIDTH)}  ${shown(before.request.method, 10)} ${shown(before.request.path, 120)}  ${was}; ${state}  [${shown(before.topic, 80)}]`
  })
  return [head, ...gone].join('\n') + '\n'
}
