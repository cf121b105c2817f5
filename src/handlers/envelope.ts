import { schemaPath } from '../model/json-schemas.ts'
import type { SchemaName } from '../model/schemas.ts'
import { memoByKey } from './memo.ts'
import { reply, type Reply } from './reply.ts'

/** Where a response is addressed: the origin its `$schema` links point at. */
export interface ResponseTarget {
  /** Absolute URL of a served schema, for `$schema`. */
  schemaUrl(name: SchemaName): string
  /** Path of a served schema below the origin, for the `Link` header. */
  schemaHref(name: SchemaName): string
}

/** The target of a request: `baseUrl` when configured, else the request's own origin. */
export function responseTarget(url: URL, baseUrl: string | undefined): ResponseTarget {
  return targetOf(baseUrl === undefined ? `0${url.origin}` : `1${baseUrl}`)
}

// Per origin, bounded: in a server the origin comes from the client's Host header.
const targetOf = memoByKey(
  (key: string): ResponseTarget => {
    const base = key.slice(1)
    const configured = key[0] === '1'
    const basePath = configured ? new URL(base).pathname.replace(/\/+$/, '') : ''
    const urls = new Map<SchemaName, string>()
    return {
      schemaUrl: (name) => urls.get(name) ?? urls.set(name, `${base}${schemaPath(name)}`).get(name)!,
      schemaHref: (name) => `${basePath}${schemaPath(name)}`,
    }
  },
  { limit: 256 },
)

interface JsonReplyInit {
  status?: number
  schema: SchemaName
  target: ResponseTarget
  contentType?: string
  headers?: Record<string, string>
}

const encoder = new TextEncoder()

/** A JSON reply with the `Link: <...>; rel="describedBy"` header Huma sends beside `$schema`. */
export function jsonReply(body: string | Uint8Array<ArrayBuffer>, init: JsonReplyInit): Reply {
  return reply(
    init.status ?? 200,
    {
      'Content-Type': init.contentType ?? 'application/json',
      Link: `<${init.target.schemaHref(init.schema)}>; rel="describedBy"`,
      ...init.headers,
    },
    body,
  )
}

const COMMA = 0x2c

/** UTF-8 JSON text of one record, as the serializer caches it. */
export type JsonBytes = Uint8Array<ArrayBuffer>

/** Encodes JSON text once, for callers outside the record cache (overrides). */
export const jsonBytes = (value: unknown): JsonBytes => encoder.encode(JSON.stringify(value))

/** Joins encoded parts into one body: a single copy of each record's cached bytes. */
function assemble(head: string, rows: readonly JsonBytes[], tail: string, separated: boolean): JsonBytes {
  // At most 3 UTF-8 bytes per UTF-16 unit; head and tail are written in place (no temporary arrays).
  let size = (head.length + tail.length) * 3 + (separated ? rows.length : 0)
  for (const row of rows) size += row.length
  // Each body owns its buffer: a reader that transfers it (postMessage) must not disturb another body.
  const out = new Uint8Array(size)
  let offset = encoder.encodeInto(head, out).written
  for (let index = 0; index < rows.length; index++) {
    if (separated && index > 0) out[offset++] = COMMA
    const row = rows[index]!
    out.set(row, offset)
    offset += row.length
  }
  offset += encoder.encodeInto(tail, out.subarray(offset)).written
  return out.subarray(0, offset)
}

/**
 * The one envelope helper. Records arrive as UTF-8 JSON bytes cached per record and are copied into the
 * body once, so a 100-row page costs one buffer, not a serialization (and an encoding) of every record on
 * every request. Members are written in the order of spec 2.2.
 */
export const envelope = {
  item(schema: SchemaName, target: ResponseTarget, data: JsonBytes): Reply {
    const head = `{"$schema":${JSON.stringify(target.schemaUrl(schema))},"data":`
    return jsonReply(assemble(head, [data], ',"success":true}', false), { schema, target })
  },
  list(schema: SchemaName, target: ResponseTarget, rows: readonly JsonBytes[]): Reply {
    const head = `{"$schema":${JSON.stringify(target.schemaUrl(schema))},"data":[`
    return jsonReply(assemble(head, rows, '],"success":true}', true), { schema, target })
  },
  page(
    schema: SchemaName,
    target: ResponseTarget,
    rows: readonly JsonBytes[],
    paging: { currentPage: number; pageSize: number; total: number },
  ): Reply {
    const head =
      `{"$schema":${JSON.stringify(target.schemaUrl(schema))},"current_page":${paging.currentPage},"data":[`
    const tail = `],"page_size":${paging.pageSize},"success":true,"total":${paging.total}}`
    return jsonReply(assemble(head, rows, tail, true), { schema, target })
  },
}
