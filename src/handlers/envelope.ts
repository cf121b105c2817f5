import { schemaPath } from '../model/json-schemas.ts'
import type { SchemaName } from '../model/schemas.ts'

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
  const basePath = baseUrl ? new URL(baseUrl).pathname.replace(/\/+$/, '') : ''
  return {
    schemaUrl: (name) => `${base}${schemaPath(name)}`,
    schemaHref: (name) => `${basePath}${schemaPath(name)}`,
  }
}

interface JsonResponseInit {
  status?: number
  schema: SchemaName
  target: ResponseTarget
  contentType?: string
  headers?: Record<string, string>
}

/** A JSON response with the `Link: <...>; rel="describedBy"` header Huma sends beside `$schema`. */
export function jsonResponse(body: string, init: JsonResponseInit): Response {
  return new Response(body, {
    status: init.status ?? 200,
    headers: {
      'Content-Type': init.contentType ?? 'application/json',
      Link: `<${init.target.schemaHref(init.schema)}>; rel="describedBy"`,
      ...init.headers,
    },
  })
}

/**
 * The one envelope helper. Record bodies arrive as JSON text (cached per record) and are spliced in, so a
 * 100-row page costs string concatenation, not a serialization of every record on every request.
 * Members are written in the order of spec 2.2.
 */
export const envelope = {
  item(schema: SchemaName, target: ResponseTarget, dataJson: string): Response {
    const body = `{"$schema":${JSON.stringify(target.schemaUrl(schema))},"data":${dataJson},"success":true}`
    return jsonResponse(body, { schema, target })
  },
  list(schema: SchemaName, target: ResponseTarget, rowsJson: readonly string[]): Response {
    const body = `{"$schema":${JSON.stringify(target.schemaUrl(schema))},"data":[${rowsJson.join(',')}],"success":true}`
    return jsonResponse(body, { schema, target })
  },
  page(
    schema: SchemaName,
    target: ResponseTarget,
    rowsJson: readonly string[],
    paging: { currentPage: number; pageSize: number; total: number },
  ): Response {
    const body =
      `{"$schema":${JSON.stringify(target.schemaUrl(schema))},"current_page":${paging.currentPage},` +
      `"data":[${rowsJson.join(',')}],"page_size":${paging.pageSize},"success":true,"total":${paging.total}}`
    return jsonResponse(body, { schema, target })
  },
}
