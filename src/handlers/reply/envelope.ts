import { memoByKey } from '../memo.ts'
import { originOf } from './origin.ts'
import { reply, type Reply } from './reply.ts'

/** The path of a schema document relative to the API origin (Huma serves them under `/api/schemas/`). */
export function schemaPath(name: string): string {
  return `/api/schemas/${name}.json`
}

/** Where a response is addressed: the origin its `$schema` links point at. */
export interface ResponseTarget {
  /** Absolute URL of a served schema, for `$schema`. */
  schemaUrl(name: string): string
  /** Path of a served schema below the origin, for the `Link` header. */
  schemaHref(name: string): string
}

// The origin of the latest request without baseUrl and its target: requests in a row mostly share one.
let recentOrigin = ''
let recentTarget: ResponseTarget | undefined

/** The target of a request: `baseUrl` when configured, else the request's own origin. */
export function responseTarget(url: URL, baseUrl: string | undefined): ResponseTarget {
  if (baseUrl !== undefined) return configuredTarget(baseUrl)
  // A URL that starts with an origin and a slash has that origin (a host holds no slash): no strings built.
  const { href } = url
  if (recentTarget !== undefined && href.charCodeAt(recentOrigin.length) === 47 && href.startsWith(recentOrigin)) {
    return recentTarget
  }
  recentOrigin = originOf(url)
  recentTarget = targetOf(`0${recentOrigin}`)
  return recentTarget
}

// Per origin, bounded: in a server the origin comes from the client's Host header.
const targetOf = memoByKey(
  (key: string): ResponseTarget => {
    const base = key.slice(1)
    // Stryker disable next-line ConditionalExpression: same-value
    const configured = key[0] === '1'
    // Stryker disable next-line Regex: same-value
    const basePath = configured ? new URL(base).pathname.replace(/\/+$/, '') : ''
    const urls = new Map<string, string>()
    return {
      schemaUrl: (name) => urls.get(name) ?? urls.set(name, `${base}${schemaPath(name)}`).get(name)!,
      schemaHref: (name) => `${basePath}${schemaPath(name)}`,
    }
  },
  { limit: 256 },
)
const configuredTarget = memoByKey((baseUrl: string) => targetOf(`1${baseUrl}`), { limit: 256 })

interface JsonReplyInit {
  status?: number
  schema: string
  target: ResponseTarget
  contentType?: string
  headers?: Record<string, string>
}

const encoder = new TextEncoder()

/** A JSON reply with the `Link: <...>; rel="describedBy"` header Huma sends beside `$schema`. */
export function jsonReply(body: string | readonly Uint8Array[], init: JsonReplyInit): Reply {
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

/**
 * UTF-8 JSON of one record behind a comma (`,{...}`), as the serializer caches it: list rows follow each
 * other without a copy, and the first row (or a single item) is the same bytes without the comma.
 */
export type JsonRow = Uint8Array<ArrayBuffer>

/** Encodes a record as a row, for callers outside the record cache (overrides). */
export const jsonRow = (value: unknown): JsonRow => encoder.encode(`,${JSON.stringify(value)}`)


/** A body of chunks: the head, the rows (the first without its comma) and the tail; nothing is copied. */
function chunksOf(head: string, rows: readonly JsonRow[], tail: string): Uint8Array[] {
  const chunks: Uint8Array[] = [encoder.encode(head)]
  for (let index = 0; index < rows.length; index++) chunks.push(index === 0 ? rows[0]!.subarray(1) : rows[index]!)
  chunks.push(encoder.encode(tail))
  return chunks
}

/**
 * The one envelope helper. Records arrive as UTF-8 JSON rows cached per record and become chunks of the
 * body, so a 100-row page costs neither a serialization of every record nor a copy of them (a server
 * writes the chunks as they are; a Fetch `Response` gets one joined copy). Members are written in the
 * order of spec 2.2.
 */
export const envelope = {
  item(schema: string, target: ResponseTarget, data: JsonRow): Reply {
    const head = `{"$schema":${JSON.stringify(target.schemaUrl(schema))},"data":`
    return jsonReply(chunksOf(head, [data], ',"success":true}'), { schema, target })
  },
  list(schema: string, target: ResponseTarget, rows: readonly JsonRow[]): Reply {
    const head = `{"$schema":${JSON.stringify(target.schemaUrl(schema))},"data":[`
    return jsonReply(chunksOf(head, rows, '],"success":true}'), { schema, target })
  },
  page(
    schema: string,
    target: ResponseTarget,
    rows: readonly JsonRow[],
    paging: { currentPage: number; pageSize: number; total: number },
  ): Reply {
    const head =
      `{"$schema":${JSON.stringify(target.schemaUrl(schema))},"current_page":${paging.currentPage},"data":[`
    const tail = `],"page_size":${paging.pageSize},"success":true,"total":${paging.total}}`
    return jsonReply(chunksOf(head, rows, tail), { schema, target })
  },
}
