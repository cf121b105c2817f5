/** A journal entry's `why` in words, as the Requests section shows it: one line per aspect. */
import type { FaultRule, Why, WhyCaller, WhyDecision, WhyRecords, WhyRoute } from '../testkit/why.ts'
import { describeLive } from './live-text.ts'

const LOOKUP_REASONS = {
  'not-found': 'no such record',
  'other-organization': "another organization's (the API answers 404 as for a missing one)",
  'outside-workspace': 'not in the workspace of X-Workspace-ID',
} as const

function route(why: WhyRoute): string {
  switch (why.kind) {
    case 'operation':
      return `${why.operation} (${why.method} ${why.path})`
    case 'no-operation':
      return 'no operation at this path: 404'
    case 'method-not-allowed':
      return `no operation for this method: 405, Allow ${why.allow.join(', ')}`
    case 'options':
      return `OPTIONS: Allow ${why.allow.join(', ')}`
    case 'uri-too-long':
      return `URL longer than ${why.limit} characters: 414`
  }
}

function caller(why: WhyCaller): string {
  switch (why.kind) {
    case 'authenticated':
      return `account ${why.account} of organization ${why.organization} (key ${why.apiKey})`
    case 'not-checked':
      return { 'public-operation': 'not checked: a public operation', 'no-operation': 'not checked: no operation', fault: 'not checked: a fault answered first' }[why.because]
    case 'refused':
      if (why.reason === 'missing-header') return `refused: no ${why.missing.join(' and ')} header`
      if (why.reason === 'unknown-key') return 'refused: no account has this X-API-Key'
      return `refused: the key is account ${why.account}'s, the secret does not match`
  }
}

/** A fault's rule in words: `fail listApplications with 503 (fault 3)`. */
export function rule(fault: FaultRule): string {
  const what = fault.type === 'fail' ? `fail with ${fault.status}` : fault.type === 'latency' ? `delay ${String(fault.latency)} ms` : fault.type === 'rateLimit' ? `rate limit of ${fault.requests}` : 'disconnect'
  return `${what} on ${fault.target === '*' ? 'every operation' : fault.target} (fault ${fault.id})`
}

function decision(why: WhyDecision): string {
  switch (why.kind) {
    case 'fault':
      return `a fault: ${rule(why.fault)}`
    case 'override':
      return 'an override'
    case 'live':
      return 'the live service'
    case 'authentication':
      return 'authentication refused the caller'
    case 'validation':
      return `validation: ${why.problems.map((problem) => `${problem.location}: ${problem.message}`).join('; ')}`
    case 'body':
      return `the body: ${why.detail}`
    case 'lookup':
      return `${why.collection.slice(0, -1)} ${why.id}: ${LOOKUP_REASONS[why.reason]}`
    case 'route':
      return 'routing'
    case 'operation':
      return why.detail ? `the operation: ${why.detail}` : 'the operation'
    case 'error':
      return `the mock failed: ${why.detail}`
  }
}

function records(groups: readonly WhyRecords[]): string {
  if (groups.length === 0) return 'none'
  return groups.map((group) => `${group.collection}: ${group.ids.join(', ')}${group.count > group.ids.length ? ` (+${group.count - group.ids.length} more)` : ''}`).join('; ')
}

const bounds = (value: unknown) => {
  const { default: fallback, min, max } = value as { default: number; min: number; max: number }
  return `${fallback} when absent, ${min} to ${max} accepted`
}

/** What each knob of the behaviour profile decides, for the values it takes (the table in docs/verify.md). */
const KNOBS: Record<string, (value: unknown) => string> = {
  'paging.currentPage': (value) => `current_page ${bounds(value)}`,
  'paging.pageSize': (value) => `page_size ${bounds(value)}`,
  'idPrefix.workspace': (value) => `workspace ids start with ${String(value)}_`,
  head: (value) => (value === 'get' ? 'HEAD is answered as GET without its body' : 'HEAD is answered 405 with Allow'),
  problemTitles: (value) =>
    value === 'go'
      ? "problem titles in Go's words for the status, as the service's Huma sends them (422: Unprocessable Entity)"
      : "problem titles in RFC 9110's words where they differ from Go's (422: Unprocessable Content)",
  wwwAuthenticate: (value) => (value ? 'a 401 carries WWW-Authenticate' : 'a 401 carries no WWW-Authenticate'),
  pastTheEnd: (value) => (value === 'not-found' ? 'a page of applications past the last one is a 404' : 'a page of applications past the last one is a 200 with empty data'),
}

/** What a knob's value decides, in words; undefined for a knob not described. */
export const meaningOf = (name: string, value: unknown): string | undefined => KNOBS[name]?.(value)

/**
 * A knob, its value and what it decided: `problemTitles "go": problem titles in Go's words ...`; a knob of
 * several values (the paging bounds) is said in words alone.
 */
export function knob(name: string, value: unknown): string {
  const meaning = meaningOf(name, value)
  if (meaning === undefined) return `${name} ${JSON.stringify(value)}`
  return `${name}${typeof value === 'object' ? '' : ` ${JSON.stringify(value)}`}: ${meaning}`
}

/** Route, caller, decision, profile, delays, records read and written: [term, description] pairs. */
export function describeWhy(why: Why): Array<[string, string]> {
  const knobs = Object.entries(why.profile)
  return [
    ['Route', route(why.route)],
    ['Caller', caller(why.caller)],
    ['Decided by', decision(why.decision)],
    ['Profile', knobs.length === 0 ? 'none applied' : knobs.map(([name, value]) => knob(name, value)).join('\n')],
    ...(why.delays.length > 0 ? [['Delayed', why.delays.map((delay) => `${delay.ms} ms by ${rule(delay.fault)}`).join('; ')] as [string, string]] : []),
    ['Read', records(why.read)],
    ['Written', records(why.written)],
    ...(why.live ? describeLive(why.live) : []),
  ]
}
