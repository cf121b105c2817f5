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

export interface Operation {
  name: OperationName
  method: HttpMethod
  /** Path template relative to the base URL, in MSW syntax. */
  path: string
  /** Served without credentials (the schema documents). */
  public?: boolean
  /** The success envelope: its schema and whether it wraps one record, a list or a page. */
  response?: { schema: SchemaName; shape: 'item' | 'list' | 'page' }
  run(input: OperationInput): Promise<Reply> | Reply
}

/** Identity helper that gives operation literals their type. */
export function defineOperation(operation: Operation): Operation {
  return operation
}

/** The authenticated principal of an input, for operations that are not public. */
export function principalOf(input: OperationInput): Account {
  if (!input.principal) throw new Error(`operation ran without authentication`)
  return input.principal
}
