/**
 * What the pipeline notes about one request while it answers it, for the journal's `why`
 * (src/testkit/why.ts turns the notes into the entry's `why` when the journal is read). The notes are
 * references and short flags, so that a request pays a few field writes for them and nothing else.
 */
import type { CollectionName } from '../model/database.ts'
import type { Account, ErrorDetail } from '../model/schemas.ts'
import type { Check } from '../text/check-line.ts'

/** Latency in milliseconds: fixed, or a `[min, max]` range drawn from the seeded source. */
export type Latency = number | readonly [number, number]

/** A registered fault as plain data (`faults.list()`): what it does, to which operations, how often. */
export interface FaultDescription {
  id: number
  type: 'fail' | 'disconnect' | 'latency' | 'rateLimit'
  /** The target it was registered with: an operation name, `METHOD /api/path`, or `*`. */
  target: string
  status?: number
  detail?: string
  latency?: Latency
  requests?: number
  retryAfter?: number
  times?: number
  rate?: number
  /** Requests it acted on so far. */
  hits: number
}

/** Ids the journal lists per collection of records read, written or kept; a count says how many there were. */
export const RECORD_IDS_SHOWN = 100

/** Why a record lookup answered 404 (the API says the same for all three; only the journal tells them apart). */
export type LookupReason = 'not-found' | 'other-organization' | 'outside-workspace'

/** Why authentication refused a request. */
export type AuthFailure =
  | { reason: 'missing-header'; missing: string[] }
  | { reason: 'unknown-key' }
  | { reason: 'secret-mismatch'; account: string }

/** What a `Problem` knows about why it was thrown, beyond its status and detail. */
export type ProblemCause =
  | ({ kind: 'authentication' } & AuthFailure)
  | { kind: 'lookup'; collection: 'workspaces' | 'applications'; id: string; reason: LookupReason; workspace?: string }
  | { kind: 'body' }
  /** The kit's own failure (a contract violation in strict mode, a bug): a 500. */
  | { kind: 'error' }

/** Profile knobs an operation consults on some requests only (the others follow from the route). */
export type TracedKnob = 'pastTheEnd'

/** The page a `page` response answered (or found past the end): its number, its size, and how many records in all. */
export interface PageNote {
  currentPage: number
  pageSize: number
  total: number
}

/** What operations tell the trace: the records they show or change, the knobs they consulted, the page they answered. */
export interface RequestTrace {
  /** A record, or a list of them (kept as is: the ids are read when the journal is). */
  read(collection: CollectionName, records: { id: string } | readonly { id: string }[]): void
  wrote(collection: CollectionName, record: { id: string }): void
  knob(name: TracedKnob): void
  paged(page: PageNote): void
  /** A fault acted on the request: delayed it (`delay` in ms) or answered it. */
  faulted(fault: FaultDescription, delay?: number): void
  /** Whether the request was answered: its operation writes nothing after that (a `run` past its timeout). */
  readonly answered: boolean
}

/**
 * The problem an answer was made from, copied out of the `Problem` (an error object keeps its stack, and
 * the stack what it ran over: the journal keeps none of it).
 */
export interface ProblemNote {
  status: number
  detail: string
  errors: ErrorDetail[] | undefined
  why: ProblemCause | undefined
  /** The `Allow` header of a 405. */
  allow: string | undefined
}

/**
 * How a mock with `live` (src/live/) answers one of its operations: itself (`mock`), with the service's
 * answer (`live`, `record`, which also keeps its records), itself unless it has no such record
 * (`fallback`), or itself while it asks the service in the background (`shadow`).
 */
export type LiveMode = 'mock' | 'live' | 'record' | 'fallback' | 'shadow'

/** One way the live service's answer differs from the mock's: a check of verify's, worded as its report's. */
export interface DriftEntry extends Check {
  verdict: 'differs'
  /** The operation asked; the id is `<operation>.<aspect>`. */
  operation: string
  aspect: string
  mode: Exclude<LiveMode, 'mock'>
  /** When the first request that showed it came (epoch ms). */
  time: number
  /** How many requests have shown it, and when the last came: `api.drift` keeps each difference once. */
  count: number
  last: number
}

/** A request the kit forwarded to the live service, as the journal's `why.live` tells it. */
export interface LiveNote {
  mode: Exclude<LiveMode, 'mock'>
  /** Where it went: the service's URL of the request's path and query (never a credential). */
  url: string
  /** Whose answer the client got: the service's, or the mock's (`shadow`, or a request not forwarded). */
  served: 'service' | 'mock'
  /** `mapped`: the service's credentials for this caller went with it (the mapping's, never the mock's own); `none`: none did. */
  credentials: 'mapped' | 'none'
  /** The service's status; absent while a `shadow` request is under way, or when no answer came. */
  status?: number
  /** Milliseconds the service took, its answer read whole. */
  ms?: number
  /** Why no answer came (refused, timed out, too large), or why the service was not asked. */
  error?: string
  /** Records of the answer kept in the mock's state (`record`, `fallback`): the first hundred ids and the count; why others were not. */
  kept?: Array<{ collection: 'workspaces' | 'applications'; ids: string[]; count: number }>
  notKept?: string
  /** How the service's answer differs from the mock's (filled in when it comes, in `shadow`). */
  drift: DriftEntry[]
}

/** The notes as the journal keeps them (copied out of the request's trace when it is recorded). */
export interface TraceNotes {
  /** The authenticated account. */
  principal?: Account
  /** The problem the pipeline answered with (thrown, or a fault's). */
  problem?: ProblemNote
  /** Faults that acted, in order; the last one answered the request unless it was a latency. */
  faults?: Array<{ fault: FaultDescription; delay: number | undefined }>
  /** An override answered. */
  overridden?: boolean
  /** `read` or `written`, a collection, a record or a list: three items per note. */
  records?: unknown[]
  knobs?: TracedKnob[]
  /** The request went to the live service (or `shadow` asks it). */
  live?: LiveNote
  page?: PageNote
}
