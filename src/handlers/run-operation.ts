import { ContractViolationError, checkResponse, type ContractViolation } from '../testkit/contract.ts'
import { describeRequest } from '../testkit/journal.ts'
import { authenticate } from './auth.ts'
import { RecordContractError, type MockContext } from './context.ts'
import { responseTarget, type ResponseTarget } from './envelope.ts'
import type { Operation } from './operation.ts'
import { Problem, problemResponse } from './problem.ts'

type Params = Record<string, string | readonly string[] | undefined>

/**
 * Every request the kit answers goes through here: it is timed and written to the journal, and anything
 * thrown becomes a problem response (a 500 for the kit's own bugs), never an exception in the test.
 */
export async function journaled(
  mock: MockContext,
  request: Request,
  operation: Operation | undefined,
  params: Params,
  produce: (target: ResponseTarget) => Promise<Response> | Response,
): Promise<Response> {
  const time = Date.now()
  const started = performance.now()
  const seen = mock.journal.limit > 0 ? describeRequest(request) : undefined
  const target = responseTarget(request, mock.baseUrl)
  let response: Response
  try {
    response = await produce(target)
  } catch (error) {
    response = problemResponse(asProblem(error, operation, mock), target)
  }
  if (seen) {
    mock.journal.record({
      operation: operation?.name,
      method: request.method,
      url: request.url,
      path: operation?.path,
      params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      query: seen.query,
      headers: seen.headers,
      body: await seen.readBody(),
      status: response.type === 'error' ? 0 : response.status,
      time,
      duration: performance.now() - started,
    })
  }
  return response
}

/** Runs an operation: wait for the store, apply faults, authenticate, then an override or the operation. */
export function runOperation(
  operation: Operation,
  mock: MockContext,
  request: Request,
  params: Params,
): Promise<Response> {
  return journaled(mock, request, operation, params, async (target) => {
    await mock.store.ready
    const fault = await mock.faults.apply(operation)
    if (fault) return 'response' in fault ? fault.response : problemResponse(fault.problem, target)
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
    return operation.run({
      request,
      url: new URL(request.url),
      params,
      principal,
      mock,
      target,
      errors: [],
    })
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
