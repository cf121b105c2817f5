import type { z } from '../model/zod.ts'
import type { AnySchema, FieldRecord } from '../model/fields.ts'

/** The operations of the API, by the names used in overrides, faults and the journal. */
export type OperationName =
  | 'createWorkspace'
  | 'updateWorkspace'
  | 'getWorkspace'
  | 'listWorkspaces'
  | 'listApplications'
  | 'getApplication'
  | 'getSchema'
  | 'getIcon'
  | 'getOpenApiJson'
  | 'getOpenApiYaml'
  | 'getOpenApi30Json'
  | 'getOpenApi30Yaml'

/** The methods an operation may have (the spec's three, and those of operations of your own). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** A parameter an operation reads: where, its name, and the zod schema it is validated with. */
export interface ParameterSpec<S extends AnySchema = z.ZodMiniType> {
  in: 'path' | 'query' | 'header'
  name: string
  required: boolean
  /** The validator; the published schema is generated from its output type. */
  schema: S
  /** The value used when the parameter is absent. */
  default?: number
}

/** The prose of an operation of your own in the OpenAPI document (the kit's own operations keep theirs in openapi/texts.ts). */
export interface OperationTexts {
  summary?: string
  description?: string
  tag?: string
}

/**
 * What the published contract (the OpenAPI document, src/handlers/kit-routes/openapi/) needs to know about an operation
 * of the API beyond its method, path and success envelope. The error statuses the pipeline answers for every
 * operation (401, 414, 429, 500, 503) and those that follow from a body or parameters (400, 413, 415, 422)
 * are derived from these facts (src/handlers/kit-routes/openapi/statuses.ts); `statuses` lists the rest. Summaries and
 * descriptions of the kit's own operations live with the generator (src/handlers/kit-routes/openapi/texts.ts): a
 * browser bundle carries only this.
 */
export interface OperationContract {
  /** In the order they are validated and published: path, header, query. */
  parameters: readonly ParameterSpec<AnySchema>[]
  /** The JSON request body's schema (a component of the document). */
  body?: AnySchema
  /** The record whose writable fields of the user's own the body also takes. */
  bodyFields?: FieldRecord
  /** Error statuses of the operation's own decisions (404 for a record it does not find). */
  statuses: readonly number[]
  texts?: OperationTexts
}

/** A record schema of your own that a response carries: its component name and its schema. */
export interface RecordSchema<S extends AnySchema = AnySchema> {
  readonly name: string
  readonly schema: S
}

/** The records a response may carry: a built-in one (with the mock's fields), or one of your own. */
export type ResponseRecord = FieldRecord | RecordSchema

/** What a success answer is: its status, and one record, a list, a page (the kit's paging) or no body. */
export type ResponseSpec =
  | { readonly shape: 'none'; readonly status: 204 }
  | {
      readonly shape: 'item' | 'list' | 'page'
      readonly status: 200 | 201
      readonly record: ResponseRecord
      /** The envelope's schema name, as Huma names it (`SuccessResponseWorkspaceBody`, ...). */
      readonly schema: string
    }

/**
 * An operation as routing, the test kit and the OpenAPI document see it: all but `run`, which
 * operation.ts adds. Apart from it because the ports (ports.ts) name operations and `run`'s input names
 * the ports through the mock's context: in one module they would import each other.
 */
export interface OperationSpec {
  name: string
  method: HttpMethod
  /** Path template relative to the base URL, in MSW syntax. */
  path: string
  /** Served without credentials (the schema documents). */
  public?: boolean
  /** The success answer; absent on the kit's own routes (schemas, icons, documents), which build their replies. */
  response?: ResponseSpec
  /** The operation as the OpenAPI document publishes it; absent on the kit's own routes (schemas, icons, documents). */
  contract?: OperationContract
}

/** The envelope schema name of a shape over a record component, as Huma names it. */
export function envelopeName(shape: 'item' | 'list' | 'page', record: string): string {
  if (shape === 'item') return `SuccessResponse${record}Body`
  return `${shape === 'page' ? 'PagingResponse' : 'SuccessResponse'}List${record}Body`
}

/** The component name of a response's record. */
export function recordName(record: ResponseRecord): string {
  if (record === 'workspace') return 'Workspace'
  if (record === 'application') return 'Application'
  return record.name
}
