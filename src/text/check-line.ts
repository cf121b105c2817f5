/**
 * A check of a service's answer against the mock's (a line of verify's report, a drift entry of `live`),
 * and the line that tells it: what was compared, what the mock decides, what the service did.
 */
import { shown } from './terminal-text.ts'

export type Verdict = 'same' | 'differs' | 'not-observed'

export interface Check {
  /** `<probe or operation>.<aspect>`: `workspaces.list.fields`, `listWorkspaces.fields`. */
  id: string
  /** The heading of docs/spec-decisions.md the aspect observes. */
  topic: string
  request: { method: string; path: string }
  /** The mock's value of the aspect. */
  expected: string
  /** The service's. */
  observed: string
  verdict: Verdict
  /**
   * For a check of a list of names (record fields, component names, error locations) that differs in its
   * names: those only the target has, and those it lacks, taken from the whole values before they are cut.
   */
  added?: string[]
  missing?: string[]
}

/**
 * Longest value a check keeps of an answer (in the report, the JUnit XML and the summary): a target's title
 * or rejected value can be megabytes, a hundred and more checks long.
 */
export const MAX_CHECK_VALUE = 1000

/** A compared value as the check keeps it: cut past `limit`, with its length. */
export function kept(value: string | undefined, limit = MAX_CHECK_VALUE): string {
  if (value === undefined) return '(not observed)'
  return value.length <= limit ? value : `${value.slice(0, limit - 1)}… (${value.length} characters)`
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
  const seen = check.added ? namesText(check) : check.verdict === 'differs' ? `expected ${cut(check.expected, check.observed)}, observed ${cut(check.observed, check.expected)}` : cut(check.observed)
  return `${check.verdict.padEnd(12)} ${check.id.padEnd(width)}  ${check.request.method} ${shown(check.request.path, 120)}  ${seen}  [${check.topic}]`
}

/**
 * A list of names that differs, as what changed: `added status; missing none` (whole names, however long
 * the lists; the line cut only past 400 characters).
 */
export function namesText({ added = [], missing = [] }: Check): string {
  const list = (names: readonly string[]) => (names.length === 0 ? 'none' : names.join(', '))
  return shown(`added ${list(added)}; missing ${list(missing)}`, 400)
}
