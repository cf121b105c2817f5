import type { z } from '../model/zod.ts'
import type { SchemaName } from '../model/schemas.ts'

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

export type HttpMethod = 'GET' | 'POST' | 'PUT'

/** A parameter an operation reads: where, its name, and the zod schema it is validated with. */
export interface ParameterSpec<S extends z.ZodMiniType = z.ZodMiniType> {
  in: 'path' | 'query' | 'header'
  name: string
  required: boolean
  /** The validator; the published schema is generated from its output type. */
  schema: S
  /** The value used when the parameter is absent. */
  default?: number
}

/**
 * What the published contract (the OpenAPI document, src/handlers/openapi/) needs to know about an operation
 * of the API beyond its method, path and success envelope. The error statuses the pipeline answers for every
 * operation (401, 414, 429, 500, 503) and those that follow from a body or parameters (400, 413, 415, 422)
 * are derived from these facts (src/handlers/openapi/statuses.ts); `statuses` lists the rest. Summaries and
 * descriptions live with the generator (src/handlers/openapi/texts.ts): a browser bundle carries only this.
 */
export interface OperationContract {
  parameters: readonly ParameterSpec[]
  /** The JSON request body's schema (a component of the document). */
  body?: z.ZodMiniType
  /** Error statuses of the operation's own decisions (404 for a record it does not find). */
  statuses: readonly number[]
}

/**
 * An operation as routing, the test kit and the OpenAPI document see it: all but `run`, which
 * operation.ts adds. Apart from it because the ports (ports.ts) name operations and `run`'s input names
 * the ports through the mock's context: in one module they would import each other.
 */
export interface OperationSpec {
  name: OperationName
  method: HttpMethod
  /** Path template relative to the base URL, in MSW syntax. */
  path: string
  /** Served without credentials (the schema documents). */
  public?: boolean
  /** The success envelope: its schema and whether it wraps one record, a list or a page. */
  response?: { schema: SchemaName; shape: 'item' | 'list' | 'page' }
  /** The operation as the OpenAPI document publishes it; absent on the kit's own routes (schemas, icons, documents). */
  contract?: OperationContract
}
