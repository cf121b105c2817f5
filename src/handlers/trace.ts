/**
 * What the pipeline notes about one request while it answers it, for the journal's `why`
 * (src/testkit/why.ts turns the notes into the entry's `why` when the journal is read). The notes are
 * references and short flags, so that a request pays a few field writes for them and nothing else.
 */
import type { CollectionName } from '../model/database.ts'
import type { Account, ErrorDetail } from '../model/schemas.ts'

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
  page?: PageNote
}
