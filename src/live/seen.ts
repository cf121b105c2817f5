/**
 * What the live service showed that the mock lacks, kept for the code that follows it (docs/live.md, "The
 * code that follows the service, from drift"): of each record it answered, the members the mock does not
 * declare; the fields a write answered with the value sent; the routes it answered where the mock has none;
 * its OpenAPI document. Bounded by what is kept, however many requests come: a record is kept once (by
 * id), at most SEEN_BOUNDS.records of each kind (so at most as many values of a field), their members
 * within a budget of characters, and a document only up to its own bound.
 */
import { dequal } from 'dequal/lite'
import type { LiveSeen } from '../handlers/ports.ts'
import { RECORD_KEYS, type FieldRecord } from '../model/fields.ts'
import type { RecordModel } from '../model/record-model.ts'

export const SEEN_BOUNDS = {
  /** Records of each kind: an enum shows over a few dozen (the generator asks each value 3 times on average). */
  records: 200,
  /** Characters of JSON of every record's kept members together. */
  characters: 256 * 1024,
  /** Characters of JSON of one record's kept members: a record past it is not kept. */
  recordCharacters: 16 * 1024,
  /** Fields a write took, and routes the mock lacks (one for each method and path, ids aside). */
  writable: 100,
  operations: 100,
  /** Characters of the OpenAPI document's text: a larger one is not kept. */
  document: 1024 * 1024,
  /** The longest request line (`seen`) and route path kept. */
  seen: 300,
} as const

type Kept = Omit<LiveSeen, 'source' | 'credentials'>
type Row = Record<string, unknown>
const isRow = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value)

/** A path with its ids (`wse_<hex>`, `app_<hex>`) unnamed: the generator makes parameters of them. */
const routeOf = (method: string, path: string) => `${method} ${path.replace(/\/[a-z]+_[0-9a-f]+(?=\/|$)/g, '/{}')}`

export class Seen {
  readonly #known: Record<FieldRecord, ReadonlySet<string>>
  readonly #records: Record<FieldRecord, Map<string, Kept['records'][number]>> = { workspace: new Map(), application: new Map() }
  #characters = 0
  readonly #writable = new Map<string, Kept['writable'][number]>()
  readonly #operations = new Map<string, Kept['operations'][number]>()
  #document: Kept['openapi']

  /** `model`: the mock's records, whose declared members are not kept. */
  constructor(model: RecordModel) {
    const known = (record: FieldRecord) => new Set([...RECORD_KEYS[record], ...model.fields[record].map((field) => field.name)])
    this.#known = { workspace: known('workspace'), application: known('application') }
  }

  /** The records of an answer's `data` (an item, a list, a page), answered to the request `seen`. */
  records(record: FieldRecord, seen: string, data: unknown): void {
    const kept = this.#records[record]
    for (const row of Array.isArray(data) ? data : [data]) {
      if (!isRow(row)) continue
      const id = typeof row.id === 'string' ? row.id : undefined
      if (id !== undefined && kept.has(id)) continue
      if (kept.size >= SEEN_BOUNDS.records) return
      const values: Row = id === undefined ? {} : { id }
      for (const [name, value] of Object.entries(row)) if (!this.#known[record].has(name)) values[name] = value
      const characters = JSON.stringify(values).length
      if (characters > SEEN_BOUNDS.recordCharacters || this.#characters + characters > SEEN_BOUNDS.characters) continue
      this.#characters += characters
      kept.set(id ?? `#${kept.size}`, { record, seen: seen.slice(0, SEEN_BOUNDS.seen), values })
    }
  }

  /** A write's body and the record it answered: each member the mock lacks that came back as sent was taken. */
  wrote(record: FieldRecord, seen: string, body: unknown, data: unknown): void {
    if (!isRow(body) || !isRow(data)) return
    for (const [field, value] of Object.entries(body)) {
      const key = `${record}.${field}`
      if (this.#known[record].has(field) || this.#writable.has(key) || this.#writable.size >= SEEN_BOUNDS.writable) continue
      if (Object.hasOwn(data, field) && dequal(data[field], value)) this.#writable.set(key, { record, field, seen: seen.slice(0, SEEN_BOUNDS.seen) })
    }
  }

  /** A request no route of the mock takes, which the service answered with `status`: the first of each route is kept. */
  route(method: string, path: string, status: number, seen: string): void {
    const key = routeOf(method, path)
    if (path.length > SEEN_BOUNDS.seen || this.#operations.has(key) || this.#operations.size >= SEEN_BOUNDS.operations) return
    this.#operations.set(key, { method, path, status, seen: seen.slice(0, SEEN_BOUNDS.seen) })
  }

  /** The service's OpenAPI document (`characters`: its text's length), unless it is past its bound. */
  document(document: unknown, characters: number, seen: string): void {
    if (characters <= SEEN_BOUNDS.document) this.#document = { document, seen: seen.slice(0, SEEN_BOUNDS.seen) }
  }

  get hasDocument(): boolean {
    return this.#document !== undefined
  }

  /** What is kept, oldest first. */
  kept(): Kept {
    return {
      records: [...this.#records.workspace.values(), ...this.#records.application.values()],
      writable: [...this.#writable.values()],
      operations: [...this.#operations.values()],
      ...(this.#document && { openapi: this.#document }),
    }
  }

  clear(): void {
    this.#records.workspace.clear()
    this.#records.application.clear()
    this.#characters = 0
    this.#writable.clear()
    this.#operations.clear()
    this.#document = undefined
  }
}
