/**
 * The short table a failed test's output carries: the requests the mock saw, newest last, one line each
 * (method, path, status, why). What a client sent is shown through `shown`: a path or a problem's detail
 * cannot colour the terminal or forge a line of its own.
 */
import { shown } from '../text/terminal-text.ts'
import type { EvidenceEntry } from './shape.ts'

/** Requests the table lists: the newest ones; the evidence file holds the rest. */
export const TABLE_ROWS = 20
/** Longest path and why shown on a row. */
const PATH_WIDTH = 56
const WHY_WIDTH = 100

type Why = EvidenceEntry['why']

const LOOKUP = {
  'not-found': 'no such record',
  'other-organization': "another organization's (answered as missing)",
  'outside-workspace': 'not in the workspace of X-Workspace-ID',
} as const

const REFUSED = {
  'missing-header': 'no credentials',
  'unknown-key': 'no account has this X-API-Key',
  'secret-mismatch': 'the X-API-Secret does not match',
} as const

type Fault = Extract<Why['decision'], { kind: 'fault' }>['fault']

/** A fault's rule in a few words: `fault 2: fail with 503 on listApplications`. */
function faultWords(fault: Fault): string {
  const effect = { fail: `fail with ${fault.status}`, disconnect: 'disconnect', latency: 'latency', rateLimit: `rate limit of ${fault.requests}` }[fault.type]
  return `fault ${fault.id}: ${effect} on ${fault.target === '*' ? 'every operation' : fault.target}`
}

function decided(why: Why): string {
  const { decision, route } = why
  switch (decision.kind) {
    case 'fault':
      return faultWords(decision.fault)
    case 'override':
      return 'an override answered'
    case 'authentication':
      return why.caller.kind === 'refused' ? `refused: ${REFUSED[why.caller.reason]}` : 'refused'
    case 'validation': {
      const [first, ...more] = decision.problems
      return `invalid ${first ? `${first.location}: ${first.message}` : 'input'}${more.length > 0 ? ` (+${more.length} more)` : ''}`
    }
    case 'body':
      return `body: ${decision.detail}`
    case 'lookup':
      return `${decision.collection.slice(0, -1)} ${decision.id}: ${LOOKUP[decision.reason]}`
    case 'route':
      return route.kind === 'method-not-allowed' ? `no such method here (Allow: ${route.allow.join(', ')})` : route.kind === 'options' ? 'OPTIONS' : route.kind === 'uri-too-long' ? 'URL too long' : 'no operation at this path'
    case 'operation':
      return route.kind === 'operation' ? `${route.operation}${decision.detail ? `: ${decision.detail}` : ''}` : 'the operation'
    case 'error':
      return `the mock failed: ${decision.detail}`
    case 'live':
      return `the live service answered (${why.live?.mode ?? 'live'}, ${why.live?.ms ?? '?'} ms)`
  }
}

/** Why the mock answered as it did, in one line: what decided, and any latency added. */
export function whyLine(why: Why): string {
  const delayed = why.delays.reduce((total, delay) => total + delay.ms, 0)
  return delayed > 0 ? `${decided(why)} (+${Math.round(delayed)} ms by fault)` : decided(why)
}

function pathOf(url: string): string {
  const { pathname, search } = new URL(url)
  return pathname + search
}

/**
 * The table of `entries` (a test's requests, oldest first; `total` of them in all): its newest
 * TABLE_ROWS, newest last, under a line that says how many are left out.
 */
export function requestTable(entries: readonly EvidenceEntry[], total = entries.length): string {
  const rows = entries.slice(-TABLE_ROWS).map((entry) => ({
    seq: `#${entry.seq}`,
    method: shown(entry.method, 10),
    path: shown(pathOf(entry.url), PATH_WIDTH),
    status: String(entry.status),
    why: shown(whyLine(entry.why), WHY_WIDTH),
  }))
  const width = (pick: (row: (typeof rows)[number]) => string) => Math.max(0, ...rows.map((row) => pick(row).length))
  const [seq, method, path] = [width((row) => row.seq), width((row) => row.method), width((row) => row.path)]
  const lines = rows.map((row) => `  ${row.seq.padStart(seq)}  ${row.method.padEnd(method)}  ${row.path.padEnd(path)}  ${row.status}  ${row.why}`)
  const left = total - rows.length
  const head =
    total === 0
      ? 'the mock saw no request during this test'
      : `the requests the mock saw during this test, newest last${left > 0 ? ` (the last ${rows.length} of ${total})` : ''}:`
  return [head, ...lines].join('\n')
}
