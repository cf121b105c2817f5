/** The report of a run in its three forms: JSON (`--report`), JUnit XML (`--junit`) and the terminal summary. */
import { checkLine, namesText } from '../text/check-line.ts'
import { markup as escape } from '../text/markup-text.ts'
import { shown } from '../text/terminal-text.ts'
import type { BaselineMember, Check, Report } from './report-format.ts'

export { CHECK_ID_WIDTH, checkLine } from '../text/check-line.ts'

/**
 * The JSON report, in the documented shape; with `--baseline`, a member `baseline` names the baseline's run
 * and the differences new, gone and unchanged since; with `--write`, a last member `wrote` lists the writes
 * the target accepted (`POST /api/workspaces`, ...), since they stay there.
 */
export function reportJson(report: Report, wrote: readonly string[] = [], baseline?: BaselineMember): string {
  return `${JSON.stringify({ ...report, ...(baseline && { baseline }), ...(wrote.length > 0 && { wrote }) }, null, 2)}\n`
}

/** The topics (docs/spec-decisions.md) the observed checks cover. */
export function topicsCovered(report: Report): string[] {
  return [...new Set(report.checks.filter((check) => check.verdict !== 'not-observed').map((check) => check.topic))]
}

/** What the target accepted under `--write`, then the totals: the lines after the checks'. */
export function totals(report: Report, wrote: readonly string[]): string {
  const count = (verdict: Check['verdict']) => report.checks.filter((check) => check.verdict === verdict).length
  const line =
    `${report.checks.length} checks covering ${topicsCovered(report).length} decision topics: ${count('same')} same, ` +
    `${count('differs')} differ, ${count('not-observed')} not observed; score ${report.score}`
  const writes = wrote.length > 0 ? [`wrote to ${report.target}: ${shown(wrote.join('; '), 400)}`] : []
  return [...writes, line].join('\n') + '\n'
}

/** One line a check, then the totals (what the command prints, all at once). */
export function summary(report: Report, wrote: readonly string[]): string {
  const width = Math.max(...report.checks.map((check) => check.id.length))
  return report.checks.map((check) => `${checkLine(check, width)}\n`).join('') + totals(report, wrote)
}

/**
 * One testsuite, a testcase per check: `failure` for differs, `skipped` for not-observed. With a baseline,
 * a difference it `known`s is `skipped` too, saying so: only new ones fail.
 */
export function junitXml(report: Report, wrote: readonly string[] = [], known: (check: Check) => boolean = () => false): string {
  const knownCount = report.checks.filter(known).length
  const count = (verdict: Check['verdict']) => report.checks.filter((check) => check.verdict === verdict).length
  const cases = report.checks.map((check) => {
    const open = `    <testcase classname="${escape(check.topic)}" name="${escape(check.id)}">`
    const names = check.added ? ` (${namesText(check)})` : ''
    const what = `${check.request.method} ${check.request.path}: expected ${check.expected}, observed ${check.observed}${names}`
    if (known(check)) return `${open}\n      <skipped message="${escape(`known difference (in the baseline): ${what}`)}"/>\n    </testcase>`
    if (check.verdict === 'differs') return `${open}\n      <failure message="${escape(what)}"/>\n    </testcase>`
    if (check.verdict === 'not-observed') return `${open}\n      <skipped message="${escape(what)}"/>\n    </testcase>`
    return `${open}</testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="workspace-api-mock verify" tests="${report.checks.length}" failures="${count('differs') - knownCount}" skipped="${count('not-observed') + knownCount}">`,
    `  <testsuite name="${escape(report.target)}" timestamp="${escape(report.startedAt)}" tests="${report.checks.length}" failures="${count('differs') - knownCount}" skipped="${count('not-observed') + knownCount}">`,
    ...(wrote.length > 0 ? [`    <properties><property name="wrote" value="${escape(wrote.join('; '))}"/></properties>`] : []),
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}
