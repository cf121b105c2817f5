import { schemaPath } from '../model/json-schemas.ts'
import type { SchemaName } from '../model/schemas.ts'
import { memoByKey } from './memo.ts'

/** Where a response is addressed: the origin its `$schema` links point at. */
export interface ResponseTarget {
  /** Absolute URL of a served schema, for `$schema`. */
  schemaUrl(name: SchemaName): string
  /** Path of a served schema below the origin, for the `Link` header. */
  schemaHref(name: SchemaName): string
}

/** Builds the target of a request: `baseUrl` when configured, else the request's own origin. */
export function responseTarget(request: Request, baseUrl: string | undefined): ResponseTarget {
  const base = baseUrl ?? new URL(request.url).origin
  const basePath = baseUrl ? basePathOf(baseUrl) : ''
  return {
    schemaUrl: (name) => `${base}${schemaPath(name)}`,
    schemaHref: (name) => `${basePath}${schemaPath(name)}`,
  }
}

/** The path part of a base URL, without a trailing slash (parsed once per base URL). */
const basePathOf = memoByKey((baseUrl: string) => new URL(baseUrl).pathname.replace(/\/+$/, ''))

interface JsonResponseInit {
  status?: number
  schema: SchemaName
  target: ResponseTarget
  contentType?: string
  headers?: Record<string, string>
}

const encoder = new TextEncoder()

// The bytes behind kit-built responses, so that a server can write them without reading the body stream.
const bodies = new WeakMap<Response, Uint8Array>()

/** The body of a response the kit built from bytes, if it is one (servers use it to skip a stream read). */
export function builtBody(response: Response): Uint8Array | undefined {
  return response.bodyUsed ? undefined : bodies.get(response)
}

/**
 * A body stream over bytes the kit owns: unlike a `Uint8Array` body, which the Fetch `Response` copies on
 * construction, it hands the bytes over only when (and if) the body is read.
 */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
}

/** A JSON response with the `Link: <...>; rel="describedBy"` header Huma sends beside `$schema`. */
export function jsonResponse(body: string | Uint8Array<ArrayBuffer>, init: JsonResponseInit): Response {
  const bytes = typeof body === 'string' ? encoder.encode(body) : body
  const response = new Response(streamOf(bytes), {
    status: init.status ?? 200,
    headers: {
      'Content-Type': init.contentType ?? 'application/json',
      'Content-Length': String(bytes.length),
      Link: `<${init.target.schemaHref(init.schema)}>; rel="describedBy"`,
      ...init.headers,
    },
  })
  bodies.set(response, bytes)
  return response
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
  item(schema: SchemaName, target: ResponseTarget, data: JsonBytes): Response {
    const head = `{"$schema":${JSON.stringify(target.schemaUrl(schema))},"data":`
    return jsonResponse(assemble(head, [data], ',"success":true}', false), { schema, target })
  },
  list(schema: SchemaName, target: ResponseTarget, rows: readonly JsonBytes[]): Response {
    const head = `{"$schema":${JSON.stringify(target.schemaUrl(schema))},"data":[`
    return jsonResponse(assemble(head, rows, '],"success":true}', true), { schema, target })
  },
  page(
    schema: SchemaName,
    target: ResponseTarget,
    rows: readonly JsonBytes[],
    paging: { currentPage: number; pageSize: number; total: number },
  ): Response {
    const head =
      `{"$schema":${JSON.stringify(target.schemaUrl(schema))},"current_page":${paging.currentPage},"data":[`
    const tail = `],"page_size":${paging.pageSize},"success":true,"total":${paging.total}}`
    return jsonResponse(assemble(head, rows, tail, true), { schema, target })
  },
}
