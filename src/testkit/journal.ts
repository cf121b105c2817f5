import type { OperationName } from '../handlers/operation-spec.ts'
import type { JournalRecord, RequestJournal } from '../handlers/ports.ts'
import type { BodyRead } from '../handlers/read-body.ts'
import { copyChunks, type Reply } from '../handlers/reply/reply.ts'
import { overrideProblemDetail, overrideReply } from './overrides.ts'
import { specPath } from '../handlers/path-syntax.ts'
import { pathParams } from './paths.ts'
import { nestingOf } from '../text/json-nesting.ts'
import { heapSize } from './heap-size.ts'
import { whyOf, WHY_PROBLEMS_SHOWN, type Why } from './why.ts'

export type { FaultRule, Why, WhyCaller, WhyDecision, WhyPage, WhyRecords, WhyRoute } from './why.ts'

/** One request as the handlers saw it (`Name`: the mock's operation names, yours among them). */
export interface JournalEntry<Name extends string = OperationName> {
  /** Its number in this journal: 1 for the mock's first request, counting on across `clear()` and `reset()`. */
  seq: number
  /** The operation that served it; undefined for requests answered 404/405 by the catch-all. */
  operation: Name | undefined
  method: string
  url: string
  /** Path template of the operation, in the spec's syntax: `/api/workspaces/{workspaceId}`. */
  path: string | undefined
  params: Record<string, string>
  query: Record<string, string | string[]>
  /** Request headers, lower-case names; the API secret is redacted. */
  headers: Record<string, string>
  /** Parsed JSON body, the text for a non-JSON body, undefined when there is none. */
  body: unknown
  status: number
  /**
   * The `detail` of the problem an error was answered with (status 400 and up); undefined otherwise. Kept
   * up to JOURNAL_BODY_LIMIT characters, then cut with `…[truncated]`.
   */
  detail?: string
  /**
   * The response body: parsed JSON, or the text of another text type; a `[… not kept]` note for a body
   * over JOURNAL_BODY_LIMIT or not text (an icon); undefined when there was none, or when an override
   * answered with a `Response` of its own making (its body is the override's to read).
   */
  responseBody: unknown
  /** Why the mock answered as it did: route, caller, what decided, profile knobs, records read and written. */
  why: Why
  /** Wall-clock time the request arrived (epoch ms). */
  time: number
  /** Milliseconds the mock took, injected latency included. */
  duration: number
}

/** A filter over the journal: every given member must match (bodies and queries by partial deep match). */
export interface JournalQuery<Name extends string = OperationName> {
  operation?: Name
  method?: string
  /** A path template (`/api/workspaces/{workspaceId}`, or MSW's `:workspaceId`) or a concrete path (`/api/workspaces/wse_1`). */
  path?: string
  params?: Record<string, string>
  query?: Record<string, unknown>
  body?: unknown
  status?: number
  headers?: Record<string, string>
  /** A partial `why`: `{ decision: { kind: 'lookup', reason: 'other-organization' } }`. */
  why?: DeepPartial<Why>
}

/** Any part of a value: every member optional, at every depth. */
export type DeepPartial<T> = T extends readonly (infer Item)[] ? readonly DeepPartial<Item>[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T

export const REDACTED = '[redacted]'
const SECRET_HEADERS = new Set(['x-api-secret', 'authorization', 'cookie'])

/** Largest body text kept per entry: the journal is for assertions, not for storing uploads. */
export const JOURNAL_BODY_LIMIT = 64 * 1024
/**
 * Bytes one journal keeps: bodies as received, URLs and headers, the problems `why` lists and an error's
 * `detail`, and an entry kept built for the next reader (its bodies parsed; kept only while that fits). Past
 * them the oldest entries drop, so that a server of many sessions holds megabytes of journal, not gigabytes.
 */
export const JOURNAL_BYTE_BUDGET = 8 * 1024 * 1024
/** Deepest nesting of a JSON body kept as is; deeper members become DEPTH_MARKER (serializing stays safe). */
export const JOURNAL_BODY_DEPTH = 64
export const DEPTH_MARKER = '[nested too deep]'
/** What a kept record costs beyond its body, URL and headers (its objects), for the byte budget. */
const RECORD_OVERHEAD = 256

/**
 * Every request the handlers see, newest last, bounded (oldest entries drop first).
 * Ask it what a client sent: `journal.count({ operation: 'updateWorkspace', body: { name: 'X' } })`.
 */
export class Journal<Name extends string = OperationName> implements RequestJournal {
  /** Records, oldest first; those before `#head` are dropped (the array is compacted now and then). */
  #records: Kept[] = []
  #head = 0
  /** Bytes of the kept records. */
  #bytes = 0
  #limit: number
  readonly #budget: number
  #seq = 0
  // Not typed by `Name`: a journal of some operations' names stays a journal of any names' (`MockApi` of any operations).
  #listeners: Set<(entry: JournalEntry<string>) => void> | undefined

  constructor(limit = 1000, budget = JOURNAL_BYTE_BUDGET) {
    this.#limit = limit
    this.#budget = budget
  }

  /** Entries, oldest first (a copy). */
  get entries(): readonly JournalEntry<Name>[] {
    return this.#kept()
  }

  /** The kept entries: the newest `limit`, within the byte budget. */
  #kept(): JournalEntry<Name>[] {
    return this.#records.slice(this.#head).map((record) => this.#entryOf(record)) as JournalEntry<Name>[]
  }

  get limit(): number {
    return this.#limit
  }

  /** Keeps a request; its entry is built when the journal is read (most are never read). */
  record(journaled: JournalRecord): void {
    if (this.#limit <= 0) return
    const record = keptOf(journaled, ++this.#seq)
    this.#records.push(record)
    this.#bytes += record.bytes
    while (this.#records.length - this.#head > this.#limit) this.#dropOldest()
    // The newest entry stays, whatever it costs (its body is cut at JOURNAL_BODY_LIMIT).
    while (this.#bytes > this.#budget && this.#records.length - this.#head > 1) this.#dropOldest()
    // Shifting the array on every drop would copy it each time: it is compacted once half of it is dropped.
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: cleanup
    if (this.#head >= 1024 && this.#head * 2 >= this.#records.length) {
      this.#records = this.#records.slice(this.#head)
      this.#head = 0
    }
    if (this.#listeners !== undefined) this.#announce(this.#entryOf(record))
  }

  /**
   * The entry of a kept record, built on first use and kept for the next read when what it holds beyond the
   * record (its bodies parsed, `why`) fits the budget, counted from then on; otherwise built again each time
   * (reading never drops an entry).
   */
  #entryOf(record: Kept): JournalEntry<string> {
    if (record.entry) return record.entry
    const entry = entryOf(record)
    const cost = heapSize(entry)
    if (this.#bytes + cost <= this.#budget) {
      record.entry = entry
      record.bytes += cost
      this.#bytes += cost
    }
    return entry
  }

  #dropOldest(): void {
    this.#bytes -= this.#records[this.#head]!.bytes
    this.#records[this.#head++] = undefined as unknown as Kept
  }

  /**
   * Calls `listener` with the entry of every request recorded from now on (a live request log); returns
   * the function that stops it. Costs nothing while nobody listens: entries are built only for listeners.
   */
  subscribe(listener: (entry: JournalEntry<Name>) => void): () => void {
    const listening = listener as (entry: JournalEntry<string>) => void
    this.#listeners ??= new Set()
    this.#listeners.add(listening)
    return () => {
      this.#listeners?.delete(listening)
      // Stryker disable next-line ConditionalExpression: fast-path
      if (this.#listeners?.size === 0) this.#listeners = undefined
    }
  }

  #announce(entry: JournalEntry<string>): void {
    for (const listener of [...this.#listeners!]) {
      try {
        listener(entry)
      } catch (error) {
        // A listener's bug must not fail the request being answered.
        console.error('[workspace-api-mock] journal listener failed:', error)
      }
    }
  }

  /** The kept entry of that `seq`, if it is still kept. */
  entry(seq: number): JournalEntry<Name> | undefined {
    const records = this.#records
    // Kept records are in `seq` order: a binary search.
    let low = this.#head
    let high = records.length - 1
    while (low <= high) {
      const middle = (low + high) >>> 1
      const found = records[middle]!
      if (found.seq === seq) return this.#entryOf(found) as JournalEntry<Name>
      if (found.seq < seq) low = middle + 1
      else high = middle - 1
    }
    return undefined
  }

  filter(query: JournalQuery<Name> = {}): JournalEntry<Name>[] {
    return this.#kept().filter((entry) => matches(entry, query))
  }

  count(query: JournalQuery<Name> = {}): number {
    return this.filter(query).length
  }

  /** The newest matching entry. */
  last(query: JournalQuery<Name> = {}): JournalEntry<Name> | undefined {
    return this.filter(query).at(-1)
  }

  clear(): void {
    this.#records = []
    this.#head = 0
    this.#bytes = 0
  }
}

export function matches(entry: JournalEntry<string>, query: JournalQuery<string>): boolean {
  if (query.operation !== undefined && entry.operation !== query.operation) return false
  if (query.method !== undefined && entry.method !== query.method.toUpperCase()) return false
  if (query.status !== undefined && entry.status !== query.status) return false
  if (query.path !== undefined && entry.path !== specPath(query.path) && new URL(entry.url).pathname !== query.path) {
    return false
  }
  if (query.params !== undefined && !includes(entry.params, query.params)) return false
  if (query.query !== undefined && !includes(entry.query, query.query)) return false
  if (query.body !== undefined && !includes(entry.body, query.body)) return false
  if (query.headers !== undefined) {
    const lower = Object.fromEntries(Object.entries(query.headers).map(([k, v]) => [k.toLowerCase(), v]))
    if (!includes(entry.headers, lower)) return false
  }
  if (query.why !== undefined && !includes(entry.why, query.why)) return false
  return true
}

/** Partial deep match: every member of `expected` is in `actual` (arrays compare element by element). */
export function includes(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return Object.is(actual, expected)
  if (actual === null || typeof actual !== 'object') return false
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, i) => includes(actual[i], item))
    )
  }
  return Object.entries(expected).every(
    ([key, value]) => Object.hasOwn(actual, key) && includes((actual as Record<string, unknown>)[key], value),
  )
}

/**
 * A record as the journal keeps it: its number, its body cut to JOURNAL_BODY_LIMIT, its answer's reply
 * when that is text within the limit, its cost, its entry once built.
 */
type Kept = JournalRecord & {
  seq: number
  bytes: number
  /** The answer's body size, and its type when the reply is not kept (for the note that says so). */
  responseSize: number
  responseType: string | undefined
  detail: string | undefined
  /** How many problems the answer had (`problem.errors` keeps WHY_PROBLEMS_SHOWN of them). */
  problems: number
  entry?: JournalEntry<string>
}

/**
 * The record itself (the pipeline makes one per request and lets go of it), its body cut and its cost set.
 * Of the answer it keeps a kit-built reply of text within the limit (its chunks are shared and never
 * change, so keeping them copies nothing) and an error's detail.
 */
function keptOf(record: JournalRecord, seq: number): Kept {
  const kept = record as Kept
  const { body, answer } = record
  kept.seq = seq
  // A copy of the part kept, so that the request's whole buffer (up to 1 MiB) is let go.
  if (body && body.bytes.length > JOURNAL_BODY_LIMIT) kept.body = { ...body, bytes: body.bytes.slice(0, JOURNAL_BODY_LIMIT) }
  const detail = record.status >= 400 ? (record.problem?.detail ?? (answer instanceof Response ? overrideProblemDetail(answer) : undefined)) : undefined
  kept.detail = detail === undefined ? undefined : cut(detail)
  let bytes = keptProblem(kept) + (kept.detail?.length ?? 0)
  const reply = answer instanceof Response ? overrideReply(answer) : answer
  // Every body the kit builds states its length: no walk over its chunks.
  const length = reply?.headers['Content-Length']
  const size = length === undefined ? 0 : +length
  kept.responseSize = size
  kept.responseType = undefined
  if (size > JOURNAL_BODY_LIMIT) {
    kept.answer = undefined
    kept.responseType = reply!.headers['Content-Type']
  } else kept.answer = reply
  bytes += RECORD_OVERHEAD + record.url.length + (kept.body?.bytes.length ?? 0) + (kept.answer ? size : 0)
  for (const name in record.headers) bytes += name.length + record.headers[name]!.length
  kept.bytes = bytes
  return kept
}

/**
 * The problem a record keeps: the first WHY_PROBLEMS_SHOWN of its problems (a 1 MiB body of 130,000 unknown
 * members is answered with all of them, and `why` lists these and the count) and its detail cut as
 * `detail` is. Answers what they hold beyond the detail (which `detail` counts).
 */
function keptProblem(kept: Kept): number {
  const { problem } = kept
  kept.problems = problem?.errors?.length ?? 0
  if (!problem) return 0
  const errors = problem.errors?.slice(0, WHY_PROBLEMS_SHOWN)
  kept.problem = { ...problem, detail: cut(problem.detail), errors }
  return heapSize(errors)
}

/** A text kept up to JOURNAL_BODY_LIMIT characters, then marked as cut. */
function cut(text: string): string {
  return text.length > JOURNAL_BODY_LIMIT ? `${text.slice(0, JOURNAL_BODY_LIMIT)}…[truncated]` : text
}

const TEXT = /json|^text\//i

/** The entry of a record: secrets redacted, the query split, the bodies parsed, `why` told. */
function entryOf(record: Kept): JournalEntry<string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(record.headers)) {
    headers[name] = SECRET_HEADERS.has(name) ? REDACTED : value
  }
  const query: Record<string, string | string[]> = {}
  const { searchParams } = new URL(record.url)
  for (const key of new Set(searchParams.keys())) {
    const values = searchParams.getAll(key)
    query[key] = values.length === 1 ? values[0]! : values
  }
  const params: Record<string, string> = {}
  for (const [name, value] of Object.entries(pathParams(record.params))) params[name] = String(value)
  return {
    seq: record.seq,
    operation: record.operation?.name,
    method: record.method,
    url: record.url,
    path: record.operation && specPath(record.operation.path),
    params,
    query,
    headers,
    body: record.body ? parseBody(record.body, headers['content-type']) : undefined,
    status: record.status,
    ...(record.detail === undefined ? {} : { detail: record.detail }),
    responseBody: responseBodyOf(record),
    why: whyOf(record, record.problems),
    time: record.time,
    duration: record.duration,
  }
}

function responseBodyOf(record: Kept): unknown {
  const reply = record.answer as Reply | undefined
  const type = reply?.headers['Content-Type'] ?? record.responseType
  if (record.responseSize === 0) return undefined
  if (reply === undefined || !TEXT.test(type ?? '')) return `[${record.responseSize} bytes of ${type ?? 'unknown type'}${reply ? '' : ', over the journal\'s limit'}]`
  const bytes = copyChunks(reply.chunks, new Uint8Array(record.responseSize))
  return parseBody({ bytes, size: bytes.length, truncated: false }, type)
}

function parseBody({ bytes, size }: BodyRead, contentType: string | undefined): unknown {
  const text = new TextDecoder().decode(bytes.subarray(0, JOURNAL_BODY_LIMIT))
  if (size > JOURNAL_BODY_LIMIT) return `${text}…[truncated]`
  if (contentType && /json/i.test(contentType)) {
    try {
      const parsed: unknown = JSON.parse(text)
      return nestingOf(text) > JOURNAL_BODY_DEPTH ? pruned(parsed, JOURNAL_BODY_DEPTH) : parsed
    } catch {
      // Not JSON after all: kept as the text below.
    }
  }
  return text
}

/** A copy of `value` whose members below `depth` levels are DEPTH_MARKER (recursion at most `depth` deep). */
function pruned(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value
  if (depth === 0) return DEPTH_MARKER
  if (Array.isArray(value)) return value.map((item) => pruned(item, depth - 1))
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, pruned(item, depth - 1)]))
}
