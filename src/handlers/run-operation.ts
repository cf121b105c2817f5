import type { Account } from '../model/schemas.ts'
import type { ApiRequest } from './api-request.ts'
import { authenticate } from './auth.ts'
import { RecordContractError, type MockContext } from './context.ts'
import { responseTarget, type ResponseTarget } from './envelope.ts'
import type { Answer } from './reply.ts'
import type { Operation } from './operation.ts'
import type { BodyRead } from './read-body.ts'
import { ContractViolationError, type ContractViolation } from './ports.ts'
import { Problem, problemReply } from './problem.ts'

type Params = Record<string, string | readonly string[] | undefined>

/** A value now, or later: the pipeline answers synchronously when nothing it does needs to wait. */
export type MaybePromise<T> = T | Promise<T>

/**
 * Every request the kit answers goes through here: it is timed and written to the journal, and anything
 * thrown becomes a problem reply (a 500 for the kit's own bugs), never an exception in the test. When
 * `produce` answers synchronously and there is no body to read, so does this: a server then writes the
 * reply without a single promise in between.
 */
export function journaled(
  mock: MockContext,
  request: ApiRequest,
  operation: Operation | undefined,
  params: Params,
  produce: (target: ResponseTarget) => MaybePromise<Answer>,
): MaybePromise<Answer> {
  const time = Date.now()
  const started = performance.now()
  const target = responseTarget(request.url, mock.baseUrl)
  const fail = (error: unknown) => problemReply(asProblem(error, operation, mock), target)
  const record = (answer: Answer, body: BodyRead | undefined): Answer => {
    // Stryker disable next-line ConditionalExpression,StringLiteral: same-value
    const status = answer instanceof Response && answer.type === 'error' ? 0 : answer.status
    mock.journal.record({
      operation,
      method: request.method,
      url: request.url.href,
      params,
      headers: request.headerRecord(),
      body,
      status,
      // Stryker disable next-line ConditionalExpression: same-value
      error: status >= 400 ? answer : undefined,
      time,
      duration: performance.now() - started,
    })
    return answer
  }
  const finish = (answer: Answer): MaybePromise<Answer> => {
    if (mock.journal.limit <= 0) return answer
    if (request.hasBody && request.bodyPending?.() !== true) return request.body().then((body) => record(answer, body))
    if (request.hasBody) return record(answer, undefined)
    return record(answer, undefined)
  }
  let produced: MaybePromise<Answer>
  try {
    produced = produce(target)
  } catch (error) {
    return finish(fail(error))
  }
  return produced instanceof Promise ? produced.catch(fail).then(finish) : finish(produced)
}

/**
 * Runs an operation: wait for the store, apply faults, authenticate, then an override or the operation.
 * With the store loaded and no fault or override registered (the common case), nothing is awaited.
 */
export function runOperation(
  operation: Operation,
  mock: MockContext,
  request: ApiRequest,
  params: Params,
): MaybePromise<Answer> {
  const run = (target: ResponseTarget, principal: Account | undefined) =>
    operation.run({ request, url: request.url, params, principal, mock, target, errors: [] })
  return journaled(mock, request, operation, params, (target) => {
    // Stryker disable next-line ConditionalExpression,BlockStatement: fast-path
    if (mock.store.settled && mock.faults.size === 0 && mock.overrides.size === 0) {
      return run(target, operation.public ? undefined : authenticate(request, mock.store))
    }
    return guarded(operation, mock, request, params, target, run)
  })
}

/** The full sequence, for when the store is loading or faults or overrides are registered. */
async function guarded(
  operation: Operation,
  mock: MockContext,
  request: ApiRequest,
  params: Params,
  target: ResponseTarget,
  run: (target: ResponseTarget, principal: Account | undefined) => MaybePromise<Answer>,
): Promise<Answer> {
  await mock.store.ready
  // Stryker disable next-line ConditionalExpression,EqualityOperator: fast-path
  if (mock.faults.size > 0) {
    const fault = await mock.faults.apply(operation)
    if (fault) return 'response' in fault ? fault.response : problemReply(fault.problem, target)
  }
  const principal = operation.public ? undefined : authenticate(request, mock.store)
  // Stryker disable next-line ConditionalExpression,EqualityOperator: fast-path
  if (mock.overrides.size > 0) {
    const overridden = await mock.overrides.respond(operation, request, params, target)
    if (overridden) {
      if (mock.strict) {
        const violations = await mock.checkResponse(operation.name, overridden, operation.response?.schema)
        if (violations.length > 0) throw new ContractViolationError(violations)
      }
      return overridden
    }
  }
  return run(target, principal)
}

/** Deliberate problems pass; contract violations are reported loudly; anything else is a kit bug (500). */
function asProblem(error: unknown, operation: Operation | undefined, mock: MockContext): Problem {
  if (error instanceof Problem) return error
  let violation = error
  if (error instanceof RecordContractError && operation) {
    const found: ContractViolation = {
      operation: operation.name,
      status: 200,
      // Stryker disable next-line OptionalChaining,StringLiteral: unreachable
      schema: operation.response?.schema ?? 'ErrorModel',
      field: error.field,
      reason: error.reason,
    }
    violation = new ContractViolationError([found])
  }
  if (violation instanceof ContractViolationError) {
    mock.violations.push(...violation.violations)
    console.error(`[workspace-api-mock] ${violation.message}`)
    return new Problem(500, violation.message)
  }
  console.error('[workspace-api-mock] unexpected error:', error)
  return new Problem(500, `the mock failed: ${error instanceof Error ? error.message : String(error)}`)
}
