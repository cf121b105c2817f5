/**
 * A coverage document in its text forms: the terminal summary a runner prints at the end of the run, the
 * JSON file, and JUnit XML (an outcome reached passes, one never answered is skipped: every CI shows it).
 */
import { markup } from '../text/markup-text.ts'
import { visible } from '../text/terminal-text.ts'
import type { CoverageDocument } from './document.ts'
import { outcomeWords } from './summary.ts'

/** Holes the terminal summary names; the JSON file and the page have them all. */
export const HOLES_SHOWN = 6

const percent = (reached: number, total: number) => (total === 0 ? '' : ` (${Math.floor((reached / total) * 100)}%)`)
const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`

/**
 * Two lines: operations, outcomes and topics reached of those that exist (and the requests and mocks they
 * come from); then the largest holes in words. `where`: the file that lists them all.
 */
export function summaryText(document: CoverageDocument, where?: string): string {
  const { operations, outcomes, topics, requests, holes } = document.summary
  const first =
    `API coverage: ${operations.reached} of ${operations.total} operations, ${outcomes.reached} of ${outcomes.total} outcomes${percent(outcomes.reached, outcomes.total)}, ` +
    `${topics.reached} of ${topics.total} decision topics; ${plural(requests, 'request')} from ${plural(document.mocks.length, 'mock')}`
  if (outcomes.total === 0) return `${first}\nno mock was made with coverage on\n`
  if (holes.length === 0) return `${first}\nevery outcome answered\n`
  const more = holes.length > HOLES_SHOWN ? ` (and ${holes.length - HOLES_SHOWN} more${where ? ` in ${where}` : ''})` : ''
  // Names of operations and outcomes of the user's own are text a test wrote: shown safe.
  return `${first}\nnever answered: ${visible(holes.slice(0, HOLES_SHOWN).join('; '))}${more}\n`
}

/** The JSON file: the document as it is, two spaces, a final newline. */
export function coverageJson(document: CoverageDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`
}

/** JUnit XML: a suite an operation (and one for routing), a case an outcome; never answered is skipped. */
export function coverageJunit(document: CoverageDocument): string {
  const suites = new Map<string, string[]>()
  let skipped = 0
  for (const { operation, outcome, topic, count } of document.outcomes) {
    const suite = operation ?? '(routing)'
    const { text, detail } = outcomeWords(outcome)
    const words = `${text}${detail === undefined ? '' : ` (${detail})`}`
    const name = words === outcome ? outcome : `${outcome}: ${words}`
    const open = `    <testcase classname="${markup(suite)}" name="${markup(name)}">`
    const properties = `<properties><property name="count" value="${count}"/>${topic === null ? '' : `<property name="topic" value="${markup(topic)}"/>`}</properties>`
    if (count === 0) skipped++
    const cases = suites.get(suite) ?? suites.set(suite, []).get(suite)!
    cases.push(`${open}${properties}${count === 0 ? '<skipped message="never answered"/>' : ''}</testcase>`)
  }
  const total = document.outcomes.length
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="workspace-api-mock coverage" tests="${total}" failures="0" skipped="${skipped}">`,
    ...[...suites].flatMap(([suite, cases]) => [
      `  <testsuite name="${markup(suite)}" tests="${cases.length}" failures="0" skipped="${cases.filter((line) => line.includes('<skipped')).length}">`,
      ...cases,
      '  </testsuite>',
    ]),
    '</testsuites>',
    '',
  ].join('\n')
}
