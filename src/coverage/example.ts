/**
 * The example exchanges of a coverage document: one for each outcome, request shape and answer reached
 * (at most MAX_SHAPES an outcome), each the journal entry of the request as the journal would show it,
 * without what differs from run to run. Built only when an exchange brings an outcome or shape not yet
 * exemplified: most requests pay for the shape of their request, none for an entry (example-entry.ts,
 * which only the collector loads). They are fine enough for the consumer contract (src/contract/): every
 * interaction a suite's exchanges give (operation, status, why, the request's shape) has an example of
 * its own.
 */
import type { OperationSpec } from '../handlers/operation-spec.ts'
import type { JournalRecord } from '../handlers/ports.ts'
import type { Why } from '../testkit/why.ts'
import type { CoverageExample } from './document.ts'

/** The most examples one outcome of one operation keeps (each of another request shape or answer). */
export const MAX_SHAPES = 8
/** The most characters of JSON a body of an example keeps; a bigger one is a note that says so. */
export const EXAMPLE_BODY_LIMIT = 32 * 1024
/** How deep a JSON body's shape tells its members apart (as the contract's interactions do). */
const SHAPE_DEPTH = 8

/** The credentials: a request that leaves one out has a shape of its own. */
const CREDENTIALS: readonly string[] = ['X-API-Key', 'X-API-Secret']

const UTF8 = new TextDecoder()

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
  for (const name of headersOf(record.operation)) if (record.headers[name.toLowerCase()] === undefined) parts.push(`no ${name}`)
  return parts.length > 0 ? parts.join(' ') : 'plain'
}

const headerNames = new WeakMap<OperationSpec, readonly string[]>()

/** The headers a request may leave out, as its shape tells them: the credentials, and the operation's header parameters but X-Workspace-ID. */
function headersOf(operation: OperationSpec | undefined): readonly string[] {
  if (operation === undefined) return CREDENTIALS
  let names = headerNames.get(operation)
  if (names === undefined) {
    const declared = (operation.contract?.parameters ?? []).filter((parameter) => parameter.in === 'header' && parameter.name !== 'X-Workspace-ID')
    names = [...CREDENTIALS, ...declared.map((parameter) => parameter.name)]
    headerNames.set(operation, names)
  }
  return names
}

function bodyShape(record: JournalRecord): string {
  const { body } = record
  if (body!.size > EXAMPLE_BODY_LIMIT || body!.truncated) return 'large'
  if (!/json/i.test(record.headers['content-type'] ?? '')) return 'text'
  try {
    return skeletonOf(JSON.parse(UTF8.decode(body!.bytes)), SHAPE_DEPTH)
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
