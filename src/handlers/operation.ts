import type { RecordFields } from '../model/fields.ts'
import type { Account, ErrorDetail } from '../model/schemas.ts'
import type { MockContext } from './context.ts'
import type { ApiRequest } from './api-request.ts'
import type { ResponseTarget } from './reply/envelope.ts'
import type { OperationSpec } from './operation-spec.ts'
import type { Answer } from './reply/reply.ts'
import type { RequestTrace } from './trace.ts'

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
  /** Where the operation notes the records it reads and writes, for the journal's `why`. */
  trace: RequestTrace
}

/** An operation the mock serves: what it is, and how it runs. */
export interface Operation extends OperationSpec {
  /** The fields of your own an operation of yours is typed with (its definition's `fields`): the mock must declare them. */
  readonly fields?: RecordFields
  run(input: OperationInput): Promise<Answer> | Answer
}

/** Identity helper that gives the kit's own routes (schemas, icons, documents) their type. */
export function kitRoute(operation: Operation): Operation {
  return operation
}

/** The authenticated principal of an input, for operations that are not public. */
export function principalOf(input: OperationInput): Account {
  // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable
  if (!input.principal) throw new Error(`operation ran without authentication`)
  return input.principal
}
