/**
 * The example exchanges of a coverage document: one for each outcome and request shape reached (at most
 * MAX_SHAPES shapes an outcome), each the journal entry of the request as the journal would show it,
 * without what differs from run to run. Built only when an exchange brings an outcome or shape not yet
 * exemplified: most requests pay for the shape of their request, none for an entry.
 */
import type { JournalRecord } from '../handlers/ports.ts'
import { Journal } from '../testkit/journal.ts'
import type { CoverageEntry, CoverageExample } from './document.ts'

/** The most request shapes exemplified for one outcome of one operation. */
export const MAX_SHAPES = 4
/** The most characters of JSON a body of an example keeps; a bigger one is a note that says so. */
export const EXAMPLE_BODY_LIMIT = 32 * 1024

/** Request headers of the transport and the browser: not the API's, and different from run to run. */
const TRANSPORT_HEADERS = /^(host|connection|keep-alive|content-length|transfer-encoding|te|upgrade|user-agent|accept-encoding|accept-language|origin|referer|priority|pragma|cache-control|dnt|sec-.*|upgrade-insecure-requests)$/

/** Answer headers an example keeps: what a client reads of an answer besides its body (the length is not). */
const ANSWER_HEADERS = new Set(['content-type', 'link', 'allow', 'retry-after', 'www-authenticate', 'location'])

/** A member name that would reach an object's prototype where the document is read: never written. */
const PROTOTYPE_KEYS = /"(__proto__|constructor|prototype)"\s*:/

/** A cell: one outcome of one operation (null: routing's). */
export const cellOf = (operation: string | null, outcome: string) => `${operation ?? ''}\u0000${outcome}`

/**
 * The shape of a request, as its examples are told apart: the names of its query parameters, the members
 * of its JSON body (or what kind of body it is), and whether it names a workspace (`X-Workspace-ID`).
 */
export function requestShape(record: JournalRecord): string {
  const parts: string[] = []
  const query = record.url.indexOf('?')
  if (query !== -1) {
    const names = [...new Set(new URLSearchParams(record.url.slice(query + 1)).keys())].sort()
    if (names.length > 0) parts.push(`?${names.join('&')}`)
  }
  if (record.body) parts.push(`body ${bodyShape(record)}`)
  if (record.headers['x-workspace-id'] !== undefined) parts.push('X-Workspace-ID')
  return parts.length > 0 ? parts.join(' ') : 'plain'
}

function bodyShape(record: JournalRecord): string {
  const { body } = record
  if (body!.size > EXAMPLE_BODY_LIMIT || body!.truncated) return 'large'
  if (!/json/i.test(record.headers['content-type'] ?? '')) return 'text'
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(body!.bytes))
    if (Array.isArray(value)) return '[]'
    if (value === null || typeof value !== 'object') return typeof value
    return `{${Object.keys(value).sort().join(',')}}`
  } catch {
    return 'text'
  }
}

/** Which shapes each cell has an example of: the book the collector and the merge keep. */
export class ExampleBook {
  readonly examples: CoverageExample[] = []
  readonly #shapes = new Map<string, Set<string>>()

  /** Whether a cell takes another shape (fewer than MAX_SHAPES so far). */
  wants(cell: string): boolean {
    return (this.#shapes.get(cell)?.size ?? 0) < MAX_SHAPES
  }

  /** The cells of an exchange that take its shape: those with no example of it yet, and room for one. */
  fresh({ operation, outcomes, shape }: Omit<CoverageExample, 'mock' | 'entry'>): string[] {
    return outcomes.map((outcome) => cellOf(operation, outcome)).filter((cell) => this.wants(cell) && !this.#shapes.get(cell)?.has(shape))
  }

  /** Keeps `example` if it brings a shape one of its cells has none of yet; true when kept. */
  offer(example: CoverageExample): boolean {
    const fresh = this.fresh(example)
    if (fresh.length === 0) return false
    for (const cell of fresh) (this.#shapes.get(cell) ?? this.#shapes.set(cell, new Set()).get(cell)!).add(example.shape)
    this.examples.push(example)
    return true
  }
}

/**
 * The entry of an example: the journal's entry of the request (redacted, bodies parsed), kept stable and
 * bounded; undefined when it holds a member name that reaches a prototype where it is read (`__proto__`),
 * which a document never carries.
 */
export function exampleEntry(record: JournalRecord): CoverageEntry | undefined {
  // A journal of its own, over a copy: the journal fills in the record it keeps, and the mock's journal keeps this one.
  const journal = new Journal<string>(1)
  journal.record({ ...record })
  const entry = journal.entries[0]!
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(entry.headers)) if (!TRANSPORT_HEADERS.test(name)) headers[name] = value
  const url = new URL(entry.url)
  const example: CoverageEntry = {
    operation: entry.operation ?? null,
    method: entry.method,
    url: `${url.pathname}${url.search}`,
    path: entry.path ?? null,
    params: entry.params,
    query: entry.query,
    headers,
    ...(entry.body !== undefined && { body: bounded(entry.body) }),
    status: entry.status,
    responseHeaders: answerHeaders(record),
    ...(entry.detail !== undefined && { detail: entry.detail }),
    ...(entry.responseBody !== undefined && { responseBody: bounded(entry.responseBody) }),
    why: entry.why,
  }
  return PROTOTYPE_KEYS.test(JSON.stringify(example)) ? undefined : example
}

/** The answer's headers a client reads, lower-case (none for a dropped connection). */
function answerHeaders({ answer }: JournalRecord): Record<string, string> {
  const headers: Record<string, string> = {}
  const all = answer instanceof Response ? Object.fromEntries(answer.headers) : (answer?.headers ?? {})
  for (const [name, value] of Object.entries(all)) if (ANSWER_HEADERS.has(name.toLowerCase())) headers[name.toLowerCase()] = value
  return headers
}

/** A body as an example keeps it: as is up to EXAMPLE_BODY_LIMIT characters of JSON, else a note that says so. */
function bounded(value: unknown): unknown {
  const json = JSON.stringify(value) ?? ''
  return json.length > EXAMPLE_BODY_LIMIT ? `[${json.length} characters of JSON, over the example's limit]` : value
}
