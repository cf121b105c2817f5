import type { Factories } from '../../factories/factories.ts'
import type { Account, ErrorDetail, Workspace } from '../../model/schemas.ts'
import type { MockContext } from '../context.ts'
import { Problem } from '../reply/problem.ts'
import { ApplicationCollection, WorkspaceCollection, type RunScope } from './tenant.ts'
import type { RequestTrace } from '../trace.ts'

export type { RunScope }

/** Milliseconds an operation of your own may take to settle, by default: under a test runner's own 5 s. */
export const DEFAULT_OPERATION_TIMEOUT = 2000
/** The longest timeout one may set: ten minutes. */
const MAX_TIMEOUT = 600_000

/** Why a timeout is not one (undefined when it is): whole milliseconds from 1 to ten minutes. */
export function badTimeout(value: unknown): string | undefined {
  if (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_TIMEOUT) return undefined
  return `expected whole milliseconds from 1 to ${MAX_TIMEOUT}, got ${typeof value === 'number' ? value : typeof value}`
}

// The real timers, taken when the kit loads: a test's fake timers (installed later) must not stop the clock
// of a run that never settles.
const later = globalThis.setTimeout.bind(globalThis)
const cancel = globalThis.clearTimeout.bind(globalThis)

/** The page a `page` response answers: the kit's paging parameters, within the profile's bounds. */
export interface Paging {
  readonly currentPage: number
  readonly pageSize: number
}

/** The request as `run` may read it beyond its validated inputs. */
export interface RequestView {
  readonly method: string
  readonly url: URL
  /** A header's value (repeated headers joined with ", "); null when absent. */
  header(name: string): string | null
}

/** What the pipeline has read of a request before `run`, body apart (definition.ts). */
interface Inputs {
  readonly values: { readonly path: Readonly<Record<string, unknown>>; readonly header: Readonly<Record<string, unknown>>; readonly query: Readonly<Record<string, unknown>> }
  readonly page: Paging | undefined
}

/**
 * What an operation's `run` gets (see `RunContext` in define-operation.ts for its typed face): the
 * validated inputs, the caller, the store's collections with the tenant rules, the seeded factories, the
 * clock, and `problem()`. The collections are made on first use: a read that does not ask for one costs
 * none.
 */
export class OperationRun {
  readonly body: unknown
  readonly principal: Account
  readonly request: RequestView
  readonly #mock: MockContext
  readonly #inputs: Inputs
  readonly #scope: RunScope | undefined
  readonly #trace: RequestTrace
  #workspaces: WorkspaceCollection | undefined
  #applications: ApplicationCollection | undefined

  constructor(mock: MockContext, principal: Account, request: RequestView, inputs: Inputs, body: unknown, scope: RunScope | undefined, trace: RequestTrace) {
    this.#mock = mock
    this.principal = principal
    this.request = request
    this.#inputs = inputs
    this.body = body
    this.#scope = scope
    this.#trace = trace
  }

  /** The path parameters, validated. */
  get params(): Readonly<Record<string, unknown>> {
    return this.#inputs.values.path
  }

  get query(): Readonly<Record<string, unknown>> {
    return this.#inputs.values.query
  }

  get headers(): Readonly<Record<string, unknown>> {
    return this.#inputs.values.header
  }

  get page(): Paging | undefined {
    return this.#inputs.page
  }

  /** The caller's account id (what `created_by` and `modified_by` hold). */
  get account(): string {
    return this.principal.id
  }

  /** The caller's organization id. */
  get organization(): string {
    return this.principal.organization
  }

  /** The workspace `X-Workspace-ID` names, when the operation is scoped to one. */
  get workspace(): Workspace | undefined {
    return this.#scope?.workspace
  }

  get workspaces(): WorkspaceCollection {
    return (this.#workspaces ??= new WorkspaceCollection(this.#mock, this.principal, this.#trace))
  }

  get applications(): ApplicationCollection {
    return (this.#applications ??= new ApplicationCollection(this.#mock, this.principal, this.#scope, this.#trace))
  }

  /** The mock's seeded factories (the mock's seed and fields; they start again at `reset()`). */
  get factories(): Factories {
    return this.#mock.factories()
  }

  /** The mock's clock (its `now` option, default `Date.now`). */
  now(): number {
    return this.#mock.now()
  }

  /** An RFC 9457 problem in the kit's shape, to return or throw. */
  problem(status: number, detail: string, errors?: ErrorDetail[]): Problem {
    return new Problem(status, detail, errors)
  }

  /**
   * What `run` answered, once it settles; a 500 problem if it has not after `ms` milliseconds. The request
   * is then answered and journaled, and the run's later writes are refused (the collections' `storeFor`).
   */
  settled<T>(answer: PromiseLike<T>, ms: number, operation: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = later(() => {
        reject(new Problem(500, `the mock failed: operation ${operation} did not settle within its timeout of ${ms} ms`).because({ kind: 'error' }))
      }, ms)
      const done = () => cancel(timer)
      answer.then((value) => (done(), resolve(value)), (error: unknown) => (done(), reject(error)))
    })
  }
}
