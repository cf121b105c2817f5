import type { z } from '../model/zod.ts'
import type { Account, ErrorDetail, SchemaName } from '../model/schemas.ts'
import type { MockContext } from './context.ts'
import type { ApiRequest } from './api-request.ts'
import type { ResponseTarget } from './envelope.ts'
import type { Reply } from './reply.ts'

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

/** What an operation's `run` receives once routing and authentication have passed. */
export interface OperationInput {
  request: ApiRequest
  url: URL
  params: Record<string, string | readonly string[] | undefined>
  /** The authenticated account; undefined only for public operations. */
  principal: Account | undefined
  mock: MockContext
  target: ResponseTarget
  /** Validation details collected so far; `assertValid(errors)` turns them into one 422. */
  errors: ErrorDetail[]
}

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

export interface Operation {
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
  run(input: OperationInput): Promise<Reply> | Reply
}

/** Identity helper that gives operation literals their type. */
export function defineOperation(operation: Operation): Operation {
  return operation
}

/** The authenticated principal of an input, for operations that are not public. */
export function principalOf(input: OperationInput): Account {
  // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable
  if (!input.principal) throw new Error(`operation ran without authentication`)
  return input.principal
}
