/** The report of a run in its three forms: JSON (`--report`), JUnit XML (`--junit`) and the terminal summary. */
import { markup as escape } from '../text/markup-text.ts'
import { shown } from '../text/terminal-text.ts'
import type { Check, Report } from './run.ts'

/**
 * The JSON report, in the documented shape; with `--write`, a last member `wrote` lists the writes the
 * target accepted (`POST /api/workspaces`, ...), since they stay there.
 */
export function reportJson(report: Report, wrote: readonly string[] = []): string {
  return `${JSON.stringify(wrote.length > 0 ? { ...report, wrote } : report, null, 2)}\n`
}

/** The topics (docs/spec-decisions.md) the observed checks cover. */
export function topicsCovered(report: Report): string[] {
  return [...new Set(report.checks.filter((check) => check.verdict !== 'not-observed').map((check) => check.topic))]
}

/**
 * A value as a line shows it: control characters made visible (a title with a newline must not forge lines
 * of its own), up to 100 characters; a long one that differs from `other` shown from a little before where
 * they part (`…,status,updated,workspace`), so that the difference is on the line.
 */
function cut(text: string, other = text): string {
  let common = 0
  while (common < text.length && text[common] === other[common]) common++
  const from = text.length > 100 && common > 40 ? common - 20 : 0
  return from > 0 ? `…${shown(text.slice(from), 99)}` : shown(text, 100)
}

/** Pads check ids in a line up to this (the longest of the spec's probes; a longer one of yours is not cut). */
export const CHECK_ID_WIDTH = 47

/**
 * One check as a line: its verdict, id, request and what was seen. What the target said (an observed title,
 * a path built from its ids) is shown safe and cut.
 */
export function checkLine(check: Check, width = CHECK_ID_WIDTH): string {
  const seen = check.verdict === 'differs' ? `expected ${cut(check.expected, check.observed)}, observed ${cut(check.observed, check.expected)}` : cut(check.observed)
  return `${check.verdict.padEnd(12)} ${check.id.padEnd(width)}  ${check.request.method} ${shown(check.request.path, 120)}  ${seen}  [${check.topic}]`
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

/** One testsuite, a testcase per check: `failure` for differs, `skipped` for not-observed. */
export function junitXml(report: Report, wrote: readonly string[] = []): string {
  const count = (verdict: Check['verdict']) => report.checks.filter((check) => check.verdict === verdict).length
  const cases = report.checks.map((check) => {
    const open = `    <testcase classname="${escape(check.topic)}" name="${escape(check.id)}">`
    const what = `${check.request.method} ${check.request.path}: expected ${check.expected}, observed ${check.observed}`
    if (check.verdict === 'differs') return `${open}\n      <failure message="${escape(what)}"/>\n    </testcase>`
    if (check.verdict === 'not-observed') return `${open}\n      <skipped message="${escape(what)}"/>\n    </testcase>`
    return `${open}</testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="workspace-api-mock verify" tests="${report.checks.length}" failures="${count('differs')}" skipped="${count('not-observed')}">`,
    `  <testsuite name="${escape(report.target)}" timestamp="${escape(report.startedAt)}" tests="${report.checks.length}" failures="${count('differs')}" skipped="${count('not-observed')}">`,
    ...(wrote.length > 0 ? [`    <properties><property name="wrote" value="${escape(wrote.join('; '))}"/></properties>`] : []),
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}
