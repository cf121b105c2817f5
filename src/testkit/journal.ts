import type { OperationName } from '../handlers/operation-spec.ts'
import type { JournalRecord, RequestJournal } from '../handlers/ports.ts'
import type { BodyRead } from '../handlers/read-body.ts'
import { bodyLength, copyChunks, type Answer } from '../handlers/reply.ts'

/** One request as the handlers saw it. */
export interface JournalEntry {
  /** The operation that served it; undefined for requests answered 404/405 by the catch-all. */
  operation: OperationName | undefined
  method: string
  url: string
  /** Path template of the operation, e.g. `/api/workspaces/:workspaceId`. */
  path: string | undefined
  params: Record<string, string>
  query: Record<string, string | string[]>
  /** Request headers, lower-case names; the API secret is redacted. */
  headers: Record<string, string>
  /** Parsed JSON body, the text for a non-JSON body, undefined when there is none. */
  body: unknown
  status: number
  /** The `detail` of the problem an error was answered with (status 400 and up); undefined otherwise. */
  detail?: string
  /** Wall-clock time the request arrived (epoch ms). */
  time: number
  /** Milliseconds the mock took, injected latency included. */
  duration: number
}

/** A filter over the journal: every given member must match (bodies and queries by partial deep match). */
export interface JournalQuery {
  operation?: OperationName
  method?: string
  /** A path template (`/api/workspaces/:workspaceId`) or a concrete path (`/api/workspaces/wse_1`). */
  path?: string
  params?: Record<string, string>
  query?: Record<string, unknown>
  body?: unknown
  status?: number
  headers?: Record<string, string>
}

export const REDACTED = '[redacted]'
const SECRET_HEADERS = new Set(['x-api-secret', 'authorization', 'cookie'])

/** Largest body text kept per entry: the journal is for assertions, not for storing uploads. */
export const JOURNAL_BODY_LIMIT = 64 * 1024

/**
 * Every request the handlers see, newest last, bounded (oldest entries drop first).
 * Ask it what a client sent: `journal.count({ operation: 'updateWorkspace', body: { name: 'X' } })`.
 */
export class Journal implements RequestJournal {
  #records: Kept[] = []
  #limit: number
  #listeners: Set<(entry: JournalEntry) => void> | undefined

  constructor(limit = 1000) {
    this.#limit = limit
  }

  /** Entries, oldest first (a copy). */
  get entries(): readonly JournalEntry[] {
    return this.#kept()
  }

  /** The newest `limit` entries (older ones are dropped in batches, see `record`). */
  #kept(): JournalEntry[] {
    return this.#records.slice(-this.#limit).map(entryOf)
  }

  get limit(): number {
    return this.#limit
  }

  /** Keeps a request; its entry is built when the journal is read (most are never read). */
  record(record: Kept): void {
    if (this.#limit <= 0) return
    this.#records.push(record)
    // Dropping the oldest entry on every request would shift the whole array each time: drop in batches.
    // Stryker disable next-line all: cleanup
    if (this.#records.length >= this.#limit * 2) this.#records = this.#records.slice(-this.#limit)
    if (this.#listeners !== undefined) this.#announce(entryOf(record))
  }

  /**
   * Calls `listener` with the entry of every request recorded from now on (a live request log); returns
   * the function that stops it. Costs nothing while nobody listens: entries are built only for listeners.
   */
  subscribe(listener: (entry: JournalEntry) => void): () => void {
    this.#listeners ??= new Set()
    this.#listeners.add(listener)
    return () => {
      this.#listeners?.delete(listener)
      // Stryker disable next-line ConditionalExpression: fast-path
      if (this.#listeners?.size === 0) this.#listeners = undefined
    }
  }

  #announce(entry: JournalEntry): void {
    for (const listener of [...this.#listeners!]) {
      try {
        listener(entry)
      } catch (error) {
        // A listener's bug must not fail the request being answered.
        console.error('[workspace-api-mock] journal listener failed:', error)
      }
    }
  }

  filter(query: JournalQuery = {}): JournalEntry[] {
    return this.#kept().filter((entry) => matches(entry, query))
  }

  count(query: JournalQuery = {}): number {
    return this.filter(query).length
  }

  /** The newest matching entry. */
  last(query: JournalQuery = {}): JournalEntry | undefined {
    return this.filter(query).at(-1)
  }

  clear(): void {
    this.#records = []
  }
}

function matches(entry: JournalEntry, query: JournalQuery): boolean {
  if (query.operation !== undefined && entry.operation !== query.operation) return false
  if (query.method !== undefined && entry.method !== query.method.toUpperCase()) return false
  if (query.status !== undefined && entry.status !== query.status) return false
  if (query.path !== undefined && entry.path !== query.path && new URL(entry.url).pathname !== query.path) {
    return false
  }
  if (query.params !== undefined && !includes(entry.params, query.params)) return false
  if (query.query !== undefined && !includes(entry.query, query.query)) return false
  if (query.body !== undefined && !includes(entry.body, query.body)) return false
  if (query.headers !== undefined) {
    const lower = Object.fromEntries(Object.entries(query.headers).map(([k, v]) => [k.toLowerCase(), v]))
    if (!includes(entry.headers, lower)) return false
  }
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

/** A record as the journal keeps it: with its entry, once built. */
type Kept = JournalRecord & { entry?: JournalEntry }

/** The entry of a record: secrets redacted, the query split, the body parsed (built once). */
function entryOf(record: Kept): JournalEntry {
  // Stryker disable next-line all: cache
  if (record.entry) return record.entry
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
  for (const [name, value] of Object.entries(record.params)) params[name] = String(value)
  record.entry = {
    operation: record.operation?.name,
    method: record.method,
    url: record.url,
    path: record.operation?.path,
    params,
    query,
    headers,
    body: record.body ? parseBody(record.body, headers['content-type']) : undefined,
    status: record.status,
    ...detailOf(record.error),
    time: record.time,
    duration: record.duration,
  }
  return record.entry
}

/** The problem detail of an error the kit answered (its own problem+json bytes); none for other answers. */
function detailOf(answer: Answer | undefined): { detail?: string } {
  if (answer === undefined || answer instanceof Response) return {}
  // Stryker disable next-line ConditionalExpression,MethodExpression,OptionalChaining,StringLiteral: unreachable
  if (!answer.headers['Content-Type']?.startsWith('application/problem+json')) return {}
  try {
    const detail = (JSON.parse(new TextDecoder().decode(copyChunks(answer.chunks, new Uint8Array(bodyLength(answer.chunks))))) as { detail?: unknown }).detail
    // Stryker disable next-line ConditionalExpression: unreachable
    return typeof detail === 'string' ? { detail } : {}
  } catch {
    return {}
  }
}

function parseBody({ bytes, size }: BodyRead, contentType: string | undefined): unknown {
  const text = new TextDecoder().decode(bytes.subarray(0, JOURNAL_BODY_LIMIT))
  if (size > JOURNAL_BODY_LIMIT) return `${text}…[truncated]`
  if (contentType && /json/i.test(contentType)) {
    try {
      return JSON.parse(text)
    } catch {
      // Not JSON after all: kept as the text below.
    }
  }
  return text
}
