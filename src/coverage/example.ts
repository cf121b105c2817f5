/**
 * The example exchanges of a coverage document: one for each outcome, request shape and answer reached (at
 * most MAX_SHAPES an outcome), each the journal entry of the request as the journal would show it, without
 * what differs from run to run. Built only when an exchange brings an outcome or shape not yet
 * exemplified: most requests pay for the shape of their request, none for an entry. They are fine enough
 * for the consumer contract (src/contract/): every interaction a suite's exchanges give (operation,
 * status, why, the request's shape) has an example of its own.
 */
import type { JournalRecord } from '../handlers/ports.ts'
import { Journal } from '../testkit/journal.ts'
import type { Why } from '../testkit/why.ts'
import type { CoverageEntry, CoverageExample } from './document.ts'

/** The most examples one outcome of one operation keeps (each of another request shape or answer). */
export const MAX_SHAPES = 8
/** The most characters of JSON a body of an example keeps; a bigger one is a note that says so. */
export const EXAMPLE_BODY_LIMIT = 32 * 1024
/** How deep a JSON body's shape tells its members apart (as the contract's interactions do). */
const SHAPE_DEPTH = 8

/** Request headers of the transport and the browser: not the API's, and different from run to run. */
const TRANSPORT_HEADERS = /^(host|connection|keep-alive|content-length|transfer-encoding|te|upgrade|user-agent|accept-encoding|accept-language|origin|referer|priority|pragma|cache-control|dnt|sec-.*|upgrade-insecure-requests)$/

/** Answer headers an example keeps: what a client reads of an answer besides its body (the length is not). */
const ANSWER_HEADERS = new Set(['content-type', 'link', 'allow', 'retry-after', 'www-authenticate', 'location'])

/** The credentials: a request that leaves one out has a shape of its own. */
const CREDENTIALS = ['X-API-Key', 'X-API-Secret']

/** A member name that would reach an object's prototype where the document is read: never written. */
const PROTOTYPE_KEYS = /"(__proto__|constructor|prototype)"\s*:/

/** A cell: one outcome of one operation (null: routing's). */
export const cellOf = (operation: string | null, outcome: string) => `${operation ?? ''}\u0000${outcome}`

/**
 * The shape of a request, as its examples are told apart: the names of its query parameters, its JSON
 * body's members and their types (eight levels down; or what kind of body it is), whether it names a
 * workspace (`X-Workspace-ID`), and the credentials and header parameters of the operation it left out:
 * `?page_size body {name:text} X-Workspace-ID no X-API-Secret`.
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
  const declared = (record.operation?.contract?.parameters ?? []).filter((parameter) => parameter.in === 'header' && parameter.name !== 'X-Workspace-ID')
  for (const name of [...CREDENTIALS, ...declared.map((parameter) => parameter.name)]) if (record.headers[name.toLowerCase()] === undefined) parts.push(`no ${name}`)
  return parts.length > 0 ? parts.join(' ') : 'plain'
}

function bodyShape(record: JournalRecord): string {
  const { body } = record
  if (body!.size > EXAMPLE_BODY_LIMIT || body!.truncated) return 'large'
  if (!/json/i.test(record.headers['content-type'] ?? '')) return 'text'
  try {
    return skeletonOf(JSON.parse(new TextDecoder().decode(body!.bytes)), SHAPE_DEPTH)
  } catch {
    return 'text'
  }
}

/** A JSON value's members and their types, `depth` levels down: `{gateways:[{name:text}],name:text}`. */
function skeletonOf(value: unknown, depth: number): string {
  if (value === null) return 'null'
  if (typeof value !== 'object') return typeof value === 'string' ? 'text' : typeof value
  if (depth === 0) return 'deeper'
  if (Array.isArray(value)) return `[${[...new Set(value.map((item) => skeletonOf(item, depth - 1)))].sort().join('|')}]`
  const members = Object.keys(value).sort()
  return `{${members.map((key) => `${/^[\w$.-]+$/.test(key) ? key : JSON.stringify(key)}:${skeletonOf((value as Record<string, unknown>)[key], depth - 1)}`).join(',')}}`
}

/**
 * What tells two examples of one outcome apart: the request's shape, and what the answer decided beyond the
 * outcome that the contract tells apart too (every location of a 422, the kind of fault, the headers a
 * refusal found missing). `why` may come from a document someone else wrote: any member may be missing.
 */
export function exampleKey(shape: string, why: Why): string {
  const { decision, caller } = why as { decision?: Partial<Record<string, unknown>>; caller?: Partial<Record<string, unknown>> }
  let detail: unknown[] = []
  if (decision?.kind === 'validation' && Array.isArray(decision.problems)) detail = [...new Set(decision.problems.map((problem: { location?: unknown }) => problem?.location))].sort()
  else if (decision?.kind === 'fault') detail = [(decision.fault as { type?: unknown } | undefined)?.type]
  else if (caller?.kind === 'refused' && Array.isArray(caller.missing)) detail = caller.missing
  return [shape, ...detail.map(String)].join(' \u00b7 ')
}

/** Which examples (by `exampleKey`) each cell has: the book the collector keeps. */
export class ExampleBook {
  readonly examples: CoverageExample[] = []
  readonly #keys = new Map<string, Set<string>>()

  /** Whether a cell takes another example (fewer than MAX_SHAPES so far). */
  wants(cell: string): boolean {
    return (this.#keys.get(cell)?.size ?? 0) < MAX_SHAPES
  }

  /** The cells of an exchange that take an example of `key`: those with none of it yet, and room for one. */
  fresh({ operation, outcomes }: Pick<CoverageExample, 'operation' | 'outcomes'>, key: string): string[] {
    return outcomes.map((outcome) => cellOf(operation, outcome)).filter((cell) => this.wants(cell) && !this.#keys.get(cell)?.has(key))
  }

  /** Keeps `example` (of `key`) if one of its cells has none of that key yet; true when kept. */
  offer(example: CoverageExample, key: string): boolean {
    const fresh = this.fresh(example, key)
    if (fresh.length === 0) return false
    for (const cell of fresh) (this.#keys.get(cell) ?? this.#keys.set(cell, new Set()).get(cell)!).add(key)
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
