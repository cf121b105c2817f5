import { ContractViolationError, checkResponse, type ContractViolation } from '../testkit/contract.ts'
import type { ApiRequest } from './api-request.ts'
import { authenticate } from './auth.ts'
import { RecordContractError, type MockContext } from './context.ts'
import { responseTarget, type ResponseTarget } from './envelope.ts'
import type { Answer } from './reply.ts'
import type { Operation } from './operation.ts'
import { Problem, problemReply } from './problem.ts'

type Params = Record<string, string | readonly string[] | undefined>

/**
 * Every request the kit answers goes through here: it is timed and written to the journal, and anything
 * thrown becomes a problem reply (a 500 for the kit's own bugs), never an exception in the test.
 */
export async function journaled(
  mock: MockContext,
  request: ApiRequest,
  operation: Operation | undefined,
  params: Params,
  produce: (target: ResponseTarget) => Promise<Answer> | Answer,
): Promise<Answer> {
  const time = Date.now()
  const started = performance.now()
  const target = responseTarget(request.url, mock.baseUrl)
  let answer: Answer
  try {
    answer = await produce(target)
  } catch (error) {
    answer = problemReply(asProblem(error, operation, mock), target)
  }
  if (mock.journal.limit > 0) {
    const status = answer instanceof Response && answer.type === 'error' ? 0 : answer.status
    mock.journal.record({
      operation,
      method: request.method,
      url: request.url,
      params,
      headers: request.headerRecord(),
      body: request.hasBody ? await request.body() : undefined,
      status,
      time,
      duration: performance.now() - started,
    })
  }
  return answer
}

/** Runs an operation: wait for the store, apply faults, authenticate, then an override or the operation. */
export function runOperation(
  operation: Operation,
  mock: MockContext,
  request: ApiRequest,
  params: Params,
): Promise<Answer> {
  return journaled(mock, request, operation, params, async (target) => {
    await mock.store.ready
    if (mock.faults.size > 0) {
      const fault = await mock.faults.apply(operation)
      if (fault) return 'response' in fault ? fault.response : problemReply(fault.problem, target)
    }
    const principal = operation.public ? undefined : authenticate(request, mock.store)
    if (mock.overrides.size > 0) {
      const overridden = await mock.overrides.respond(operation, request, params, target)
      if (overridden) {
        if (mock.strict) {
          const violations = await checkResponse(operation.name, overridden, operation.response?.schema)
          if (violations.length > 0) throw new ContractViolationError(violations)
        }
        return overridden
      }
    }
    return operation.run({ request, url: request.url, params, principal, mock, target, errors: [] })
  })
}

/** Deliberate problems pass; contract violations are reported loudly; anything else is a kit bug (500). */
function asProblem(error: unknown, operation: Operation | undefined, mock: MockContext): Problem {
  if (error instanceof Problem) return error
  let violation = error
  if (error instanceof RecordContractError && operation) {
    const found: ContractViolation = {
      operation: operation.name,
      status: 200,
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
