import { envelope, type JsonRow, type ResponseTarget } from './envelope.ts'
import { bodyLength, copyChunks, type Reply } from './reply.ts'

/**
 * The read operations' replies, kept per version of the records they show, so that a repeated GET writes
 * bytes built once: one body chunk and one header object, never changed. Records are frozen and replaced
 * on every write, and the serializer keeps one row per record object (context.ts), so the records (or rows)
 * a reply was built from are the version it shows: an entry answers only a request whose records are those
 * very objects, shown by the same serializer (a mock's own: strict or not, its id prefix), for the same
 * target (the origin in `$schema` and `Link`) and the same envelope. Auth, scoping, faults, overrides and
 * the journal all run before and after, as for any reply.
 */

interface Entry {
  readonly target: ResponseTarget
  /** The schema, and a page's numbers: whatever besides rows and target the envelope writes. */
  readonly key: string
  /** The records shown (or, with no `show`, the rows themselves). */
  readonly sources: readonly object[]
  /** The serializer's function that turned them into rows. */
  readonly show: ((record: never) => JsonRow) | undefined
  readonly reply: Reply
}

/** Body bytes cached since the cache last started over; past this it starts over (rows come and go). */
export const REPLY_CACHE_BUDGET = 16 * 1024 * 1024
/** Entries kept per first row (targets, page sizes); the oldest goes first. */
const ENTRIES_PER_ROW = 8

// By the first record (or row), weakly: an entry goes when that version of the record does.
let entries = new WeakMap<object, Entry[]>()
let cachedBytes = 0

/**
 * The cached reply of `sources` under `key` for `target`, or `build()`'s, kept joined for the next request.
 * Comparing records rather than rows spares a page's hundred serializer lookups when it is cached.
 */
function cached(
  target: ResponseTarget,
  key: string,
  sources: readonly object[],
  show: Entry['show'],
  build: () => Reply,
): Reply {
  const first = sources[0]
  if (first === undefined) return build()
  const kept = entries.get(first)
  const found = kept?.find((entry) => entry.target === target && entry.key === key && entry.show === show && same(entry.sources, sources))
  if (found) return found.reply
  const reply = joined(build())
  if (cachedBytes + reply.chunks[0]!.byteLength > REPLY_CACHE_BUDGET) startOver()
  cachedBytes += reply.chunks[0]!.byteLength
  // A copy: an index's list may change in place later, and the entry must keep what it was built from.
  const entry: Entry = { target, key, sources: sources.slice(), show, reply }
  const list = entries.get(first)
  if (list === undefined) entries.set(first, [entry])
  else if (list.unshift(entry) > ENTRIES_PER_ROW) list.pop()
  return reply
}

function same(kept: readonly object[], sources: readonly object[]): boolean {
  if (kept.length !== sources.length) return false
  for (let index = 0; index < sources.length; index++) if (kept[index] !== sources[index]) return false
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

/**
 * `envelope`'s item, list and page, cached per version of what they show (see above): an item by its row,
 * a list or page by its records and the serializer's `show`, which makes their rows only when building.
 */
export const cachedEnvelope = {
  item(schema: string, target: ResponseTarget, row: JsonRow): Reply {
    return cached(target, schema, [row], undefined, () => envelope.item(schema, target, row))
  },
  list<T extends object>(schema: string, target: ResponseTarget, records: readonly T[], show: (record: T) => JsonRow): Reply {
    return cached(target, schema, records, show, () => envelope.list(schema, target, records.map(show)))
  },
  page<T extends object>(
    schema: string,
    target: ResponseTarget,
    records: readonly T[],
    show: (record: T) => JsonRow,
    paging: { currentPage: number; pageSize: number; total: number },
  ): Reply {
    const key = `${schema} ${paging.currentPage} ${paging.pageSize} ${paging.total}`
    return cached(target, key, records, show, () => envelope.page(schema, target, records.map(show), paging))
  },
}
