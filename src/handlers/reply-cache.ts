import type { SchemaName } from '../model/schemas.ts'
import { envelope, type JsonRow, type ResponseTarget } from './envelope.ts'
import { bodyLength, copyChunks, type Reply } from './reply.ts'

/**
 * The read operations' replies, kept per version of the records they show, so that a repeated GET writes
 * bytes built once: one body chunk and one header object, never changed. Records are frozen and replaced
 * on every write, and the serializer keeps one row per record object (context.ts), so the rows a reply was
 * built from are the version it shows: an entry answers only a request whose rows are those very objects,
 * for the same target (the origin in `$schema` and `Link`) and the same envelope. Auth, scoping, faults,
 * overrides and the journal all run before and after, as for any reply.
 */

interface Entry {
  readonly target: ResponseTarget
  /** The schema, and a page's numbers: whatever besides rows and target the envelope writes. */
  readonly key: string
  readonly rows: readonly JsonRow[]
  readonly reply: Reply
}

/** Body bytes cached since the cache last started over; past this it starts over (rows come and go). */
export const REPLY_CACHE_BUDGET = 16 * 1024 * 1024
/** Entries kept per first row (targets, page sizes); the oldest goes first. */
const ENTRIES_PER_ROW = 8

// By the first row, weakly: an entry goes when its record's version does.
let entries = new WeakMap<JsonRow, Entry[]>()
let cachedBytes = 0

/** The cached reply of `rows` under `key` for `target`, or `build()`'s, kept joined for the next request. */
function cached(target: ResponseTarget, key: string, rows: readonly JsonRow[], build: () => Reply): Reply {
  const first = rows[0]
  if (first === undefined) return build()
  const kept = entries.get(first)
  const found = kept?.find((entry) => entry.target === target && entry.key === key && sameRows(entry.rows, rows))
  if (found) return found.reply
  const reply = joined(build())
  if (cachedBytes + reply.chunks[0]!.byteLength > REPLY_CACHE_BUDGET) startOver()
  cachedBytes += reply.chunks[0]!.byteLength
  const entry: Entry = { target, key, rows, reply }
  const list = entries.get(first)
  if (list === undefined) entries.set(first, [entry])
  else if (list.unshift(entry) > ENTRIES_PER_ROW) list.pop()
  return reply
}

function sameRows(kept: readonly JsonRow[], rows: readonly JsonRow[]): boolean {
  if (kept.length !== rows.length) return false
  for (let index = 0; index < rows.length; index++) if (kept[index] !== rows[index]) return false
  return true
}

/** A reply whose body is one chunk (a server writes it with its headers in one go), frozen. */
function joined(reply: Reply): Reply {
  const body = copyChunks(reply.chunks, new Uint8Array(bodyLength(reply.chunks)))
  return Object.freeze({ status: reply.status, headers: Object.freeze({ ...reply.headers }), chunks: Object.freeze([body]) })
}

/** Drops every entry (the budget is spent, or a test wants a cold cache). */
export function startOver(): void {
  entries = new WeakMap()
  cachedBytes = 0
}

/** Body bytes cached since the last start-over. */
export function replyCacheBytes(): number {
  return cachedBytes
}

/** `envelope`'s item, list and page, cached per version of their rows (see above). */
export const cachedEnvelope = {
  item(schema: SchemaName, target: ResponseTarget, row: JsonRow): Reply {
    return cached(target, schema, [row], () => envelope.item(schema, target, row))
  },
  list(schema: SchemaName, target: ResponseTarget, rows: readonly JsonRow[]): Reply {
    return cached(target, schema, rows, () => envelope.list(schema, target, rows))
  },
  page(
    schema: SchemaName,
    target: ResponseTarget,
    rows: readonly JsonRow[],
    paging: { currentPage: number; pageSize: number; total: number },
  ): Reply {
    const key = `${schema} ${paging.currentPage} ${paging.pageSize} ${paging.total}`
    return cached(target, key, rows, () => envelope.page(schema, target, rows, paging))
  },
}
