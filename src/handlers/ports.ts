/**
 * What the request pipeline asks of the test kit, declared here so that the pipeline depends on nothing
 * above it: src/testkit implements these (faults, journal, overrides, contract checks) and src/api wires
 * the implementations into each mock's context.
 */
import type { Account } from '../model/schemas.ts'
import type { Store } from '../model/store.ts'
import type { z } from '../model/zod.ts'
import type { ApiRequest } from './api-request.ts'
import type { ResponseTarget } from './reply/envelope.ts'
import type { OperationSpec } from './operation-spec.ts'
import type { Problem } from './reply/problem.ts'
import type { ResolvedProfile } from './profile.ts'
import type { BodyRead } from './read-body.ts'
import type { Answer } from './reply/reply.ts'
import type { LiveNote, RequestTrace, TraceNotes } from './trace.ts'

/** What an injected fault decided for one request: a response as is, a problem, or nothing. */
export type FaultOutcome = { response: Response } | { problem: Problem } | undefined

/** Injected faults, applied before authentication. */
export interface FaultGate {
  /** How many faults are registered (0: the pipeline skips them without awaiting). */
  readonly size: number
  /** Runs the faults of the operation; tells `trace` which acted. */
  apply(operation: OperationSpec, trace?: RequestTrace): Promise<FaultOutcome>
}

/**
 * A request as the pipeline hands it to the journal: references only (the request's own header record,
 * URL and parameters, which nobody changes; the answer, whose chunks nobody changes either), so recording
 * costs one small object per request. The trace's notes say why the answer came.
 */
export interface JournalRecord extends TraceNotes {
  operation: OperationSpec | undefined
  method: string
  url: string
  params: Readonly<Record<string, string | readonly string[] | undefined>>
  /** Header names in lower case. */
  headers: Readonly<Record<string, string>>
  body: BodyRead | undefined
  status: number
  /** The answer, for its body and an error's problem detail; undefined when none is kept. */
  answer: Answer | undefined
  /** The profile of the mock that answered, for the knobs that applied. */
  profile?: ResolvedProfile
  time: number
  duration: number
}

/** Where every answered request is recorded. */
export interface RequestJournal {
  /** How many requests are kept; 0 or less: none (the pipeline then does not read bodies for it). */
  readonly limit: number
  record(record: JournalRecord): void
}

/** Per-operation replacements of responses, applied after authentication. */
export interface OverrideGate {
  readonly size: number
  respond(
    operation: OperationSpec,
    request: ApiRequest,
    params: Record<string, string | readonly string[] | undefined>,
    target: ResponseTarget,
  ): Promise<Response | undefined>
}

/** A response body that breaks the contract: which operation, which field, why. */
export interface ContractViolation {
  operation: string
  status: number
  /** The served schema the body breaks (`SuccessResponseWorkspaceBody`, `ErrorModel`, ...). */
  schema: string
  field: string
  reason: string
}

/** Thrown (and answered as a 500 problem) in contract-strict mode. */
export class ContractViolationError extends Error {
  readonly violations: ContractViolation[]
  constructor(violations: ContractViolation[]) {
    const first = violations[0]!
    super(
      `contract violation in ${first.operation} (${first.status} ${first.schema}): ${first.field}: ${first.reason}` +
        (violations.length > 1 ? ` (+${violations.length - 1} more)` : ''),
    )
    this.name = 'ContractViolationError'
    this.violations = violations
  }
}

/** Checks a response produced outside the kit's serializers (an override) against the mock's served schemas. */
export type ResponseChecker = (
  operation: string,
  response: Response,
  successSchema: string | undefined,
  served: ReadonlyMap<string, z.ZodMiniType>,
) => Promise<ContractViolation[]>

/** The live service beside a mock (src/live/, loaded when the mock has `live`). */
export interface LiveGate {
  /** Settles once its code has loaded; rejects with what is wrong with the `live` option. */
  readonly ready: Promise<void>
  /** Whether the mock answers the operation itself, as without `live`; undefined until `ready`. */
  mocks(operation: OperationSpec): boolean | undefined
  /** Answers a request of an operation that is not on `mock`, after faults, authentication and overrides. */
  answer(exchange: LiveExchange): Promise<Answer>
  /**
   * A request no operation takes, which the mock answers 404 or 405 (`trace` is its journal entry's), from
   * `principal` (undefined: not one of the mock's): with `*` on a mode that asks the service, the service
   * is asked too, in the background, for what it has that the mock lacks.
   */
  unrouted(request: ApiRequest, trace: { live?: LiveNote }, principal: Account | undefined): void
  /** What the service showed that the mock lacks, since the last reset (the service's document asked for once). */
  seen(): Promise<LiveSeen>
  /** Forgets what was seen (`api.reset()`). */
  reset(): void
}

type SeenRecordKind = 'workspace' | 'application'

/**
 * What the live service showed that the mock lacks, as the generator of the code that follows it reads it
 * (src/codegen/findings.ts): every member but `credentials` is the service's text, bounded (src/live/seen.ts).
 */
export interface LiveSeen {
  /** The service's base URL. */
  source: string
  /** Records it answered: the members the mock does not declare (and the id), each with its request line. */
  records: Array<{ record: SeenRecordKind; seen: string; values: Record<string, unknown> }>
  /** Fields a write of its answered with the value sent. */
  writable: Array<{ record: SeenRecordKind; field: string; seen: string }>
  /** Requests it answered that no route of the mock takes (the mock's 404 or 405), as sent. */
  operations: Array<{ method: string; path: string; status: number; seen: string }>
  /** Its OpenAPI document, and where it came from. */
  openapi?: { document: unknown; seen: string }
  /** The service's credentials sent so far: taken out of all of it before it becomes code. */
  credentials: readonly string[]
}

/** One request for the live gate, with the pipeline's ways of answering it from the mock. */
export interface LiveExchange {
  operation: OperationSpec
  request: ApiRequest
  /** The authenticated caller; undefined for a public operation. */
  principal: Account | undefined
  target: ResponseTarget
  /** The journal's notes of the request: the gate tells `live` and the problem of a refusal. */
  trace: { live?: LiveNote; problem?: TraceNotes['problem'] }
  /** The mock's own answer, noted in the journal as without `live`. */
  mock(): Promise<Answer> | Answer
  /** What the mock would answer over `store` (one that keeps its writes to itself), its notes in `trace`. */
  dry(store: Store, trace: RequestTrace): Promise<Answer> | Answer
}
