/**
 * The outcomes one answered request reached, read from its `why` (src/testkit/why.ts) and its status: the
 * keys outcomes.ts gives the outcomes that exist. A request may reach several (a 422 at two locations, a
 * last page that is also the first, a latency before the answer); most reach one.
 */
import type { ErrorDetail } from '../model/schemas.ts'
import type { Why, WhyPage } from '../testkit/why.ts'

/** What classification reads of an answered request (a journal entry has all of it). */
export interface Answered {
  status: number
  why: Why
}

/** The outcome keys of an answered request; none for what coverage does not count (OPTIONS, the kit's documents). */
export function outcomesOf({ status, why }: Answered): string[] {
  const { route } = why
  if (route.kind === 'no-operation') return ['404:no-operation']
  if (route.kind === 'method-not-allowed') return ['405']
  if (route.kind === 'uri-too-long') return ['414']
  if (route.kind === 'options') return []
  const keys = why.delays.length > 0 ? ['fault:latency'] : []
  const { decision } = why
  switch (decision.kind) {
    case 'fault':
      keys.push(decision.fault.type === 'disconnect' ? 'fault:disconnect' : `fault:${status}`)
      break
    case 'override':
      keys.push(`override:${status}`)
      break
    case 'authentication':
      keys.push(why.caller.kind === 'refused' ? `401:${why.caller.reason}` : '401')
      break
    case 'validation':
      keys.push(...new Set(decision.problems.map((problem) => `422:${locationOf(problem)}`)))
      break
    case 'lookup':
      keys.push(`404:${decision.collection}:${decision.reason}`)
      break
    case 'error':
      keys.push(`error:${status}`)
      break
    default:
      keys.push(...answerOutcomes(status, why.page, why.profile['paging.pageSize']))
  }
  return keys
}

/**
 * The operation's own answer (a success, a status it chose, the body's 400, 413 or 415), and where a paged
 * list was: a page past the end answered 404 (a profile's `pastTheEnd`) is that edge, not a 404 of its own.
 */
function answerOutcomes(status: number, page: WhyPage | undefined, pageSize: unknown): string[] {
  if (page === undefined) return [String(status)]
  const edges = pageEdges(page, pageSize as { min: number; max: number } | undefined)
  return status === 404 && edges.includes('page:past-the-end') ? edges : [String(status), ...edges]
}

/** The edges a page is at: first, middle, last or past the end; and the page size at a bound of the profile's. */
export function pageEdges({ currentPage, pageSize, total }: WhyPage, bounds: { min: number; max: number } | undefined): string[] {
  const last = Math.max(1, Math.ceil(total / pageSize))
  const edges: string[] = []
  if (currentPage > last) edges.push('page:past-the-end')
  else {
    if (currentPage === 1) edges.push('page:first')
    if (currentPage > 1 && currentPage < last) edges.push('page:middle')
    if (currentPage === last) edges.push('page:last')
  }
  if (pageSize === bounds?.min) edges.push('page_size:min')
  if (pageSize === bounds?.max) edges.push('page_size:max')
  return edges
}

/**
 * Where a validation problem was, as the outcomes name it: the parameter (`query.page_size`), or the body's
 * top member (`body.gateways` for `body.gateways.0.name`); a member the body does not take is `body.*`.
 */
function locationOf(problem: ErrorDetail): string {
  const { location } = problem
  if (!location.startsWith('body.')) return location
  const [, member] = location.split('.', 3)
  return problem.message === 'unexpected property' && location === `body.${member}` ? 'body.*' : `body.${member}`
}
