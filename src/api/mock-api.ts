/** The public types of a mock API: what createMockApi takes and what it returns. */
import type { HttpHandler } from 'msw'
import type { FactoryOptions } from '../factories/factories.ts'
import type { WorkspaceIdPrefix } from '../handlers/context.ts'
import type { DefinedData, DefinedOperation, NameOf } from '../handlers/definitions/define-operation.ts'
import type { OperationName } from '../handlers/operation-spec.ts'
import type { Profile } from '../handlers/profile.ts'
import type { ContractViolation } from '../handlers/ports.ts'
import type { DriftEntry } from '../handlers/trace.ts'
import type { LiveOptions } from '../live/options.ts'
import type { Credentials } from '../model/credentials.ts'
import type { Database } from '../model/database.ts'
import type { ScenarioState } from '../model/state.ts'
import type { ScenarioRef } from '../scenarios/resolve.ts'
import type { FaultRegistry } from '../testkit/faults.ts'
import type { Journal } from '../testkit/journal.ts'
import type { OperationData, OverrideOptions, OverrideResolver } from '../testkit/overrides.ts'

/** `createMockApi`'s options; `Ops`: the operations of your own it serves (their names and data types follow). */
export interface MockApiOptions<Ops extends readonly DefinedOperation[] = readonly DefinedOperation[]> extends Omit<FactoryOptions, 'seed'> {
  /** A preset name (`empty`, `demo`, `paging`, `multi-tenant`, `scale:<w>x<a>`) or a scenario function. Default `demo`. */
  scenario?: ScenarioRef
  /** Start from this plain state (e.g. a `snapshot()` or a fixture file) instead of a scenario. Validated on load. */
  state?: ScenarioState
  /** Seed of every generated value. Default 1. */
  seed?: number
  /** Answer only on this origin (and path prefix). Without it the handlers match `/api/...` on any origin. */
  baseUrl?: string
  /** `wse` (default): workspace ids work in paths. `app`: reproduce the `app_` workspace ids of the service's documented sample. */
  workspaceIdPrefix?: WorkspaceIdPrefix
  /** Clock for `created` / `updated` of writes made through the API. Default `Date.now`. */
  now?: () => number
  /**
   * Contract-strict mode: check every response body against the served schemas and answer a loud 500
   * (also listed in `api.violations`) when one breaks them. Default: on under a test runner, else off.
   */
  strict?: boolean
  /** Most requests the journal keeps (oldest drop first). Default 1000; 0 turns the journal off. */
  journalLimit?: number
  /**
   * The behaviour profile: paging bounds and defaults, the page past the end, HEAD handling, problem titles,
   * `WWW-Authenticate`, the workspace id prefix (docs/verify.md). Absent knobs keep today's behaviour; `verify --profile-out` writes one.
   * Its `idPrefix.workspace` wins over `workspaceIdPrefix`. A bad profile throws `ProfileError` naming the key.
   */
  profile?: Profile
  /**
   * Operations of your own (`defineOperation`), served after the spec's six with the whole kit behind them;
   * the presets `unshownOperations` among them. A clash of names or routes throws `DefinitionError`.
   */
  operations?: Ops
  /**
   * Milliseconds an operation of your own may take to settle before the mock answers 500 (and journals
   * why); an operation's own `timeout` wins. Default 2000.
   */
  operationTimeout?: number
  /**
   * The live service beside the mock: per operation (by name, `*` for the rest), the mock answers it
   * (`mock`, the default), the service does (`live`; `record` also keeps its records in the mock's state),
   * the mock unless it has no such record (`fallback`), or the mock while the service is asked in the
   * background (`shadow`). Each answer of the service is compared with the mock's: `api.drift`.
   * docs/live.md. Without it, none of its code loads; a bad one rejects `ready` with `LiveOptionsError`.
   */
  live?: LiveOptions
}

/** The names of a mock's operations: the built-in ones and those of your own. */
export type OperationNames<Ops extends readonly DefinedOperation[]> = OperationName | NameOf<Ops>

/** What an override's `respond()` takes for operation `Name` of a mock. */
export type RespondDataOf<Ops extends readonly DefinedOperation[], Name extends string> = Name extends OperationName
  ? OperationData[Name]
  : DefinedData<Ops, Name>

/** A caller of the API: its credentials, its account id and its organization id. */
export interface Principal extends Credentials {
  account: string
  organization: string
}

export interface MockApi<Ops extends readonly DefinedOperation[] = readonly DefinedOperation[]> {
  /** MSW 3 request handlers for every operation: `setupServer(...api.handlers)`. */
  readonly handlers: HttpHandler[]
  /**
   * Answers a Fetch `Request` as the handlers would, without going through MSW (for servers and worker
   * runtimes that speak Fetch). Resolves to undefined for a request outside the API's paths.
   */
  handle(request: Request): Promise<Response | undefined>
  /** The @msw/data collections (organizations, accounts, workspaces, applications); throws before `ready` settles. */
  readonly db: Database
  /** Credentials of the scenario's first principal. */
  readonly credentials: Credentials
  /** Every principal of the scenario. */
  readonly principals: readonly Principal[]
  /** The seed the data was built from. */
  readonly seed: number
  /** Whether contract-strict mode is on. */
  readonly strict: boolean
  /** Settles once the collections hold the scenario (handlers wait for it by themselves). */
  readonly ready: Promise<void>
  /** Injected failures: `fail`, `disconnect`, `latency`, `rateLimit`, `clear`. */
  readonly faults: FaultRegistry<OperationNames<Ops>>
  /** Every request the handlers saw. */
  readonly journal: Journal<OperationNames<Ops>>
  /** Contract violations caught in strict mode since the last reset. */
  readonly violations: readonly ContractViolation[]
  /**
   * With `live`: how the service's answers differ from the mock's, each difference once (`count` says how
   * often it was seen), oldest first, since the last reset; worded as `verify`'s report lines are.
   */
  readonly drift: readonly DriftEntry[]
  /**
   * Replaces one operation's response (after authentication) with what `resolver` returns; returning
   * undefined lets the request through. Returns a function that removes the override.
   */
  override<Name extends OperationNames<Ops>>(
    operation: Name,
    resolver: OverrideResolver<RespondDataOf<Ops, Name>>,
    options?: OverrideOptions,
  ): () => void
  /** Back to the initial state, in place, and clears faults, overrides, the journal and violations. */
  reset(): Promise<void>
  /** The whole current state as plain JSON data (loadable with `createMockApi({ state })`); throws before `ready` settles. */
  snapshot(): ScenarioState
}
