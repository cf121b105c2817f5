/**
 * What a coverage document adds up to: operations, outcomes and topics reached of those that exist, and
 * the holes in words, largest first ("never answered: 422 on createWorkspace (body.name); a 404 of another
 * organization's workspace on any operation; 429"). Derived from the document's data alone, so that a
 * merged document's summary is recomputed, never added up.
 */
import type { CoverageDocument, CoverageOutcome, CoverageSummary } from './document.ts'

type Data = Pick<CoverageDocument, 'requests' | 'operations' | 'outcomes'>

/** An outcome in words: what it is, and a detail shown in brackets (`422` and `body.name`). */
export interface OutcomeWords {
  text: string
  detail?: string
}

const WORDS: Readonly<Record<string, OutcomeWords>> = {
  '401:missing-header': { text: '401 for a missing header' },
  '401:unknown-key': { text: '401 for an unknown key' },
  '401:secret-mismatch': { text: '401 for a wrong secret' },
  '404:workspaces:not-found': { text: 'a 404 of a workspace that does not exist' },
  '404:workspaces:other-organization': { text: "a 404 of another organization's workspace" },
  '404:applications:not-found': { text: 'a 404 of an application that does not exist' },
  '404:applications:outside-workspace': { text: 'a 404 of an application outside the named workspace' },
  '404:no-operation': { text: 'a 404 of a path that is no operation' },
  '405': { text: '405', detail: 'a method the path does not have' },
  '414': { text: '414', detail: 'an over-long URL' },
  '400': { text: '400', detail: 'a body that is not JSON' },
  '413': { text: '413', detail: 'a body over 1 MiB' },
  '415': { text: '415', detail: 'a body of another content type' },
  'fault:disconnect': { text: 'a dropped connection' },
  'fault:latency': { text: 'latency' },
  'page:first': { text: 'the first page' },
  'page:middle': { text: 'a middle page' },
  'page:last': { text: 'the last page' },
  'page:past-the-end': { text: 'a page past the end' },
  'page_size:min': { text: 'page_size at its minimum' },
  'page_size:max': { text: 'page_size at its maximum' },
}

/** An outcome key in words. */
export function outcomeWords(outcome: string): OutcomeWords {
  const known = WORDS[outcome]
  if (known) return known
  const [head, detail] = outcome.split(/:(.*)/s) as [string, string | undefined]
  if (head === '422') return { text: '422', detail }
  if (head === 'fault') return { text: detail! }
  if (head === 'override') return { text: `an override answering ${detail}` }
  if (head === 'error') return { text: `the kit failing (${detail})` }
  return { text: outcome }
}

/** Faults and routing: unreached everywhere, they read best alone ("429", "a dropped connection"). */
const alone = (outcome: string) => outcome.startsWith('fault:')

/**
 * The holes in words, largest first (by how many operations a hole spans; the document's order among
 * equals): an outcome unreached on every operation it exists on is said once.
 */
export function holesOf(outcomes: readonly CoverageOutcome[]): string[] {
  const groups = new Map<string, { cells: number; missing: Array<string | null> }>()
  for (const { operation, outcome, count } of outcomes) {
    const group = groups.get(outcome) ?? groups.set(outcome, { cells: 0, missing: [] }).get(outcome)!
    group.cells++
    if (count === 0) group.missing.push(operation)
  }
  const holes = [...groups].filter(([, group]) => group.missing.length > 0)
  holes.sort(([, a], [, b]) => b.missing.length - a.missing.length)
  return holes.map(([outcome, { cells, missing }]) => phrase(outcome, missing, missing.length === cells))
}

/** One outcome of one operation in words: "422 on createWorkspace (body.name)". */
export function cellWords(operation: string | null, outcome: string): string {
  return phrase(outcome, [operation], false)
}

function phrase(outcome: string, missing: ReadonlyArray<string | null>, everywhere: boolean): string {
  const { text, detail } = outcomeWords(outcome)
  const bracket = detail === undefined ? '' : ` (${detail})`
  if (missing[0] === null || (everywhere && alone(outcome) && missing.length > 1)) return `${text}${bracket}`
  if (everywhere && missing.length >= 3) return `${text}${bracket} on any operation`
  const names = missing.length === 1 ? missing[0]! : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`
  return `${text} on ${names}${bracket}`
}

/** The summary of a document's data. */
export function summaryOf(data: Data): CoverageSummary {
  const topics = new Map<string, boolean>()
  for (const { topic, count } of data.outcomes) if (topic !== null) topics.set(topic, (topics.get(topic) ?? false) || count > 0)
  const reached = (flags: Iterable<boolean>) => [...flags].filter(Boolean).length
  return {
    requests: data.requests,
    operations: { reached: data.operations.filter((operation) => operation.requests > 0).length, total: data.operations.length },
    outcomes: { reached: data.outcomes.filter((outcome) => outcome.count > 0).length, total: data.outcomes.length },
    topics: { reached: reached(topics.values()), total: topics.size },
    topicsNotReached: [...topics].filter(([, hit]) => !hit).map(([topic]) => topic),
    holes: holesOf(data.outcomes),
  }
}
