/**
 * The order the reports show operations and outcomes in, and the outcome keys that have a place of their
 * own in it (the paging edges, routing's). Kept apart from outcomes.ts, which derives the outcomes from
 * the operations' definitions: a reporter orders and merges documents without loading those.
 */

/** Where a paged list can be: its edges, and the page size at each bound of the profile. */
export const PAGE_EDGES = ['page:first', 'page:middle', 'page:last', 'page:past-the-end', 'page_size:min', 'page_size:max'] as const
/** What routing answers for no operation: an unknown path, a method the path lacks, an over-long URL. */
export const ROUTING = ['404:no-operation', '405', '414'] as const

/**
 * The kit's operations in the order the reports show them: the spec's (as the OpenAPI document publishes
 * them), then the presets'. By name: a test holds them to the definitions, which this module does not load.
 */
export const KIT_OPERATIONS: readonly string[] = [
  'listWorkspaces',
  'createWorkspace',
  'getWorkspace',
  'updateWorkspace',
  'listApplications',
  'getApplication',
  'deleteWorkspace',
  'createApplication',
  'updateApplication',
  'deleteApplication',
]

/** Orders operation names as the reports show them: the kit's, then yours by name; null (routing) last. */
export function compareOperations(a: string | null, b: string | null): number {
  if (a === b) return 0
  if (a === null || b === null) return a === null ? 1 : -1
  const [rankA, rankB] = [KIT_OPERATIONS.indexOf(a), KIT_OPERATIONS.indexOf(b)]
  if (rankA !== rankB) return rankA === -1 ? 1 : rankB === -1 ? -1 : rankA - rankB
  return a < b ? -1 : 1
}

/** The order of an operation's outcomes: success, 401s, 404s, its other statuses, 422s, faults, paging, routing. */
function outcomeRank(outcome: string): [number, number] {
  const edge = (PAGE_EDGES as readonly string[]).indexOf(outcome)
  if (edge !== -1) return [6, edge]
  const routing = (ROUTING as readonly string[]).indexOf(outcome)
  if (routing !== -1) return [8, routing]
  const head = outcome.split(':', 1)[0]!
  const kind = { '401': 1, '404': 2, '422': 4, fault: 5 }[head] ?? (/^[1-3]\d\d$/.test(head) ? 0 : /^\d+$/.test(head) ? 3 : 7)
  return [kind, 0]
}

/** Orders outcome keys of one operation as the reports show them. */
export function compareOutcomes(a: string, b: string): number {
  const [rankA, rankB] = [outcomeRank(a), outcomeRank(b)]
  if (rankA[0] !== rankB[0]) return rankA[0] - rankB[0]
  if (rankA[1] !== rankB[1]) return rankA[1] - rankB[1]
  return a === b ? 0 : a < b ? -1 : 1
}
