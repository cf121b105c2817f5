/**
 * What the contract reads of an OpenAPI document: an operation by its `operationId` (method, path
 * template, summary, parameters), the response it documents for a status (media type and schema), and
 * `$ref`s resolved. The document may be a user's file: every member is looked up as an own property, and a
 * member of the wrong kind is as good as absent.
 */
import type { OpenApiDocument } from './input.ts'

export type Schema = Record<string, unknown>

export interface DocumentOperation {
  id: string
  method: string
  /** The path template, `/api/workspaces/{workspaceId}`. */
  path: string
  summary: string
  /** Header parameters by name, as the document spells them (`X-Workspace-ID`). */
  headers: readonly string[]
  /** The media types its request body may have, lower case. */
  bodyTypes: readonly string[]
  responses: Schema
}

export interface DocumentResponse {
  contentType: string
  schema: Schema | undefined
  /** The component the schema refers to (`SuccessResponseWorkspaceBody`), when it is a `$ref`. */
  name: string | undefined
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']

/** Most `$ref`s followed in a row: a chain longer than that (or a circle) resolves to no schema. */
const MAX_REFS = 32

/** A member of a parsed JSON value, when it is an own property of an object (never one of Object.prototype's). */
export const own = (value: unknown, key: string): unknown => (isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined)

export function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export class DocumentView {
  readonly #document: OpenApiDocument
  readonly #operations = new Map<string, DocumentOperation>()

  constructor(document: OpenApiDocument) {
    this.#document = document
    const paths = own(document, 'paths')
    for (const path of isObject(paths) ? Object.keys(paths) : []) {
      for (const method of METHODS) {
        const operation = own(own(paths, path), method)
        const id = own(operation, 'operationId')
        if (typeof id !== 'string' || this.#operations.has(id)) continue
        this.#operations.set(id, this.#operationOf(id, method, path, operation as Schema))
      }
    }
  }

  #operationOf(id: string, method: string, path: string, operation: Schema): DocumentOperation {
    const parameters = own(operation, 'parameters')
    const headers = (Array.isArray(parameters) ? parameters : [])
      .map((parameter) => this.resolve(parameter))
      .filter((parameter) => own(parameter, 'in') === 'header' && typeof own(parameter, 'name') === 'string')
      .map((parameter) => own(parameter, 'name') as string)
    const summary = own(operation, 'summary')
    const responses = own(operation, 'responses')
    const content = own(this.resolve(own(operation, 'requestBody')), 'content')
    return {
      id,
      method: method.toUpperCase(),
      path,
      summary: typeof summary === 'string' && summary !== '' ? summary : id,
      headers,
      bodyTypes: isObject(content) ? Object.keys(content).map((type) => type.toLowerCase()) : [],
      responses: isObject(responses) ? responses : {},
    }
  }

  operation(id: string | undefined): DocumentOperation | undefined {
    return id === undefined ? undefined : this.#operations.get(id)
  }

  /** The response documented for `status` (or `default`): its first media type and that type's schema. */
  response(operation: DocumentOperation, status: number): DocumentResponse | undefined {
    const response = this.resolve(own(operation.responses, String(status)) ?? own(operation.responses, 'default'))
    const content = own(response, 'content')
    const contentType = isObject(content) ? Object.keys(content)[0] : undefined
    if (contentType === undefined) return undefined
    const schema = own(own(content, contentType), 'schema')
    const ref = own(schema, '$ref')
    const name = typeof ref === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1] : undefined
    return { contentType, schema: this.resolve(schema), name }
  }

  /** The schema a `$ref` points to, followed to the end; the value itself when it is no reference. */
  resolve(value: unknown): Schema | undefined {
    let current = value
    for (let hops = 0; hops <= MAX_REFS; hops++) {
      if (!isObject(current)) return undefined
      const ref = own(current, '$ref')
      if (typeof ref !== 'string') return current
      current = this.#pointer(ref)
    }
    return undefined
  }

  /** A local JSON pointer (`#/components/schemas/Workspace`); undefined for any other reference. */
  #pointer(ref: string): unknown {
    if (!ref.startsWith('#/')) return undefined
    let at: unknown = this.#document
    for (const token of ref.slice(2).split('/')) {
      let name: string
      try {
        name = decodeURIComponent(token)
      } catch {
        return undefined
      }
      at = own(at, name.replace(/~1/g, '/').replace(/~0/g, '~'))
    }
    return at
  }

  /** The origin of the document's first server (`servers[0].url`), if it has one. */
  get origin(): string | undefined {
    const servers = own(this.#document, 'servers')
    const url = own(Array.isArray(servers) ? servers[0] : undefined, 'url')
    if (typeof url !== 'string' || !URL.canParse(url)) return undefined
    const { origin } = new URL(url)
    return origin === 'null' ? undefined : origin
  }
}
