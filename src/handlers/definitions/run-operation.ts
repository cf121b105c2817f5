import type { CollectionName } from '../../model/database.ts'
import { messageOf } from '../../model/definition-error.ts'
import type { Account } from '../../model/schemas.ts'
import type { ApiRequest } from '../api-request.ts'
import { WriteBudgetError } from '../../model/write-budget.ts'
import { authenticate } from './auth.ts'
import { RecordContractError, type MockContext } from '../context.ts'
import { responseTarget, type ResponseTarget } from '../reply/envelope.ts'
import type { Answer } from '../reply/reply.ts'
import type { Operation } from '../operation.ts'
import type { BodyRead } from '../read-body.ts'
import { ContractViolationError, type ContractViolation } from '../ports.ts'
import { Problem, problemReply } from '../reply/problem.ts'
import type { FaultDescription, LiveNote, PageNote, ProblemNote, RequestTrace, TracedKnob, TraceNotes } from '../trace.ts'

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
  produce: (entry: Journaling) => MaybePromise<Answer>,
): MaybePromise<Answer> {
  const entry = new Journaling(mock, request, operation, params)
  let produced: MaybePromise<Answer>
  try {
    produced = produce(entry)
  } catch (error) {
    return entry.finish(entry.fail(error))
  }
  if (produced instanceof Promise) {
    return produced.catch((error: unknown) => entry.fail(error)).then((answer) => entry.finish(answer))
  }
  return entry.finish(produced)
}

/**
 * One request on its way to the journal: an object rather than closures, one allocation on the hot path.
 * It is also the request's trace (trace.ts): the notes are fields of it, copied into the journal's record.
 */
export class Journaling implements RequestTrace, TraceNotes {
  readonly time = Date.now()
  readonly started = performance.now()
  readonly target: ResponseTarget
  readonly mock: MockContext
  readonly request: ApiRequest
  readonly operation: Operation | undefined
  readonly params: Params
  principal: Account | undefined = undefined
  problem: ProblemNote | undefined = undefined
  faults: TraceNotes['faults'] = undefined
  overridden = false
  records: unknown[] | undefined = undefined
  knobs: TracedKnob[] | undefined = undefined
  answered = false
  live: LiveNote | undefined = undefined
  page: PageNote | undefined = undefined

  constructor(mock: MockContext, request: ApiRequest, operation: Operation | undefined, params: Params) {
    this.mock = mock
    this.request = request
    this.operation = operation
    this.params = params
    this.target = responseTarget(request.url, mock.baseUrl)
  }

  read(collection: CollectionName, records: { id: string } | readonly { id: string }[]): void {
    this.#note('read', collection, records)
  }

  wrote(collection: CollectionName, record: { id: string }): void {
    this.#note('written', collection, record)
  }

  /** A note of three items; the first makes an array of exactly three (an empty one would grow at once). */
  #note(kind: 'read' | 'written', collection: CollectionName, records: unknown): void {
    if (this.records === undefined) this.records = [kind, collection, records]
    else this.records.push(kind, collection, records)
  }

  knob(name: TracedKnob): void {
    ;(this.knobs ??= []).push(name)
  }

  paged(page: PageNote): void {
    this.page = page
  }

  faulted(fault: FaultDescription, delay?: number): void {
    ;(this.faults ??= []).push({ fault, delay })
  }

  /** The problem reply of anything thrown: whatever a user's code throws or answers becomes a problem (a 500 at worst). */
  fail(error: unknown): Answer {
    let problem: Problem
    try {
      problem = writable(asProblem(error, this.operation, this.mock))
      this.problem = problem.note()
      return problemReply(problem, this.target, this.mock.profile.problemTitles)
    } catch (unwritable) {
      // A problem JSON cannot write (a cyclic or BigInt detail), or an error that throws when read.
      problem = new Problem(500, `the mock failed: ${messageOf(unwritable)}`).because({ kind: 'error' })
      this.problem = problem.note()
      return problemReply(problem, this.target, this.mock.profile.problemTitles)
    }
  }

  finish(answer: Answer): MaybePromise<Answer> {
    this.answered = true
    const { request } = this
    if (this.mock.journal.limit <= 0) return answer
    if (request.hasBody && request.bodyPending?.() !== true) return request.body().then((body) => this.record(answer, body))
    return this.record(answer, undefined)
  }

  record(answer: Answer, body: BodyRead | undefined): Answer {
    const { request } = this
    // Stryker disable next-line ConditionalExpression,StringLiteral: same-value
    const status = answer instanceof Response && answer.type === 'error' ? 0 : answer.status
    this.mock.journal.record({
      operation: this.operation,
      method: request.method,
      url: request.url.href,
      params: this.params,
      headers: request.headerRecord(),
      body,
      status,
      answer,
      profile: this.mock.profile,
      principal: this.principal,
      problem: this.problem,
      faults: this.faults,
      overridden: this.overridden,
      records: this.records,
      knobs: this.knobs,
      live: this.live,
      page: this.page,
      time: this.time,
      duration: performance.now() - this.started,
    })
    return answer
  }
}

/**
 * Runs an operation: wait for the store, apply faults, authenticate, then an override, the live service
 * (src/live/) or the operation. With the store loaded, no fault or override registered and the operation
 * on the mock (the common case), nothing is awaited.
 */
export function runOperation(
  operation: Operation,
  mock: MockContext,
  request: ApiRequest,
  params: Params,
): MaybePromise<Answer> {
  const run = (entry: Journaling, principal: Account | undefined) =>
    operation.run({ request, url: request.url, params, principal, mock, target: entry.target, errors: [], trace: entry })
  return journaled(mock, request, operation, params, (entry) => {
    // Stryker disable next-line ConditionalExpression,BlockStatement: fast-path
    if (mock.store.settled && mock.faults.size === 0 && mock.overrides.size === 0 && (mock.live === undefined || mock.live.mocks(operation) === true)) {
      return run(entry, operation.public ? undefined : (entry.principal = authenticate(request, mock.store, mock.profile.wwwAuthenticate)))
    }
    return guarded(operation, mock, request, params, entry, run)
  })
}

/** The full sequence, for when the store is loading or faults or overrides are registered. */
async function guarded(
  operation: Operation,
  mock: MockContext,
  request: ApiRequest,
  params: Params,
  entry: Journaling,
  run: (entry: Journaling, principal: Account | undefined) => MaybePromise<Answer>,
): Promise<Answer> {
  const { target } = entry
  await mock.store.ready
  // Stryker disable next-line ConditionalExpression,EqualityOperator: fast-path
  if (mock.faults.size > 0) {
    const fault = await mock.faults.apply(operation, entry)
    if (fault) {
      if ('response' in fault) return fault.response
      entry.problem = fault.problem.note()
      return problemReply(fault.problem, target, mock.profile.problemTitles)
    }
  }
  const principal = operation.public ? undefined : (entry.principal = authenticate(request, mock.store, mock.profile.wwwAuthenticate))
  // Stryker disable next-line ConditionalExpression,EqualityOperator: fast-path
  if (mock.overrides.size > 0) {
    const overridden = await mock.overrides.respond(operation, request, params, target)
    if (overridden) {
      // A resolver is the user's code: typed to answer a Response, it may answer anything at run time.
      if (!(overridden instanceof Response)) throw new TypeError(`the override of ${operation.name} answered ${typeof overridden}, not a Response`)
      entry.overridden = true
      if (mock.strict) {
        const violations = await mock.checkResponse(operation.name, overridden, successSchema(operation), mock.surface.served)
        if (violations.length > 0) throw new ContractViolationError(violations)
      }
      return overridden
    }
  }
  if (mock.live !== undefined) {
    await mock.live.ready
    if (!mock.live.mocks(operation)) {
      return mock.live.answer({
        operation,
        request,
        principal,
        target,
        trace: entry,
        mock: () => run(entry, principal),
        dry: (store, trace) => operation.run({ request, url: request.url, params, principal, mock: { ...mock, store }, target, errors: [], trace }),
      })
    }
  }
  return run(entry, principal)
}

/**
 * Deliberate problems pass; a write past the mock's write budget is a 429 naming the bound (the decisions
 * page, "The demo server's budgets"); contract violations are reported loudly; anything else is a kit bug (500).
 */
function asProblem(error: unknown, operation: Operation | undefined, mock: MockContext): Problem {
  if (error instanceof Problem) return error
  if (error instanceof WriteBudgetError) return new Problem(429, error.message)
  let violation = error
  if (error instanceof RecordContractError && operation) {
    const found: ContractViolation = {
      operation: operation.name,
      status: 200,
      // Stryker disable next-line OptionalChaining,StringLiteral: unreachable
      schema: successSchema(operation) ?? 'ErrorModel',
      field: error.field,
      reason: error.reason,
    }
    violation = new ContractViolationError([found])
  }
  if (violation instanceof ContractViolationError) {
    mock.violations.push(...violation.violations)
    console.error(`[workspace-api-mock] ${violation.message}`)
    return new Problem(500, violation.message).because({ kind: 'error' })
  }
  console.error('[workspace-api-mock] unexpected error:', error)
  return new Problem(500, `the mock failed: ${messageOf(error)}`).because({ kind: 'error' })
}

/** A problem the kit can answer with: an error status (a `problem(99, ...)` of a user's code is a 500 naming it). */
function writable(problem: Problem): Problem {
  const { status } = problem
  if (Number.isInteger(status) && status >= 400 && status <= 599) return problem
  return new Problem(500, `the mock failed: a problem's status is an integer from 400 to 599, got ${String(status)}`).because({ kind: 'error' })
}

/** The served schema of an operation's success body; undefined for none (a 204, the kit's own routes). */
function successSchema(operation: Operation): string | undefined {
  const { response } = operation
  return response === undefined || response.shape === 'none' ? undefined : response.schema
}
