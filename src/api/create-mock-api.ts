import type { HttpHandler } from 'msw'
import { DEFAULT_ASSETS_ORIGIN, type FactoryOptions } from '../factories/factories.ts'
import { createHandlers } from '../handlers/create-handlers.ts'
import { fromFetchRequest } from '../handlers/api-request.ts'
import type { Dispatcher } from '../handlers/dispatch.ts'
import { toResponse } from '../handlers/reply.ts'
import { operations } from '../handlers/routes.ts'
import {
  createSerializer,
  workspaceKeyMapper,
  type MockContext,
  type WorkspaceIdPrefix,
} from '../handlers/context.ts'
import type { OperationName } from '../handlers/operation-spec.ts'
import { Baseline } from '../model/baseline.ts'
import type { CollectionName, Database } from '../model/database.ts'
import type { Account } from '../model/schemas.ts'
import { Store } from '../model/store.ts'
import { validateState } from '../model/validate-state.ts'
import type { ScenarioState } from '../model/state.ts'
import { buildScenario, type ScenarioRef } from '../scenarios/resolve.ts'
import type { ContractViolation } from '../handlers/ports.ts'
import { underTestRunner } from '../testkit/test-runner.ts'
import { FaultRegistry } from '../testkit/faults.ts'
import { Journal } from '../testkit/journal.ts'
import { Overrides, type OverrideOptions, type OverrideResolver } from '../testkit/overrides.ts'
import { createRandomSource } from '../testkit/random-source.ts'

export interface MockApiOptions extends Omit<FactoryOptions, 'seed'> {
  /** A preset name (`empty`, `demo`, `paging`, `multi-tenant`, `scale:<w>x<a>`) or a scenario function. Default `demo`. */
  scenario?: ScenarioRef
  /** Start from this plain state (e.g. a `snapshot()` or a fixture file) instead of a scenario. Validated on load. */
  state?: ScenarioState
  /** Seed of every generated value. Default 1. */
  seed?: number
  /** Answer only on this origin (and path prefix). Without it the handlers match `/api/...` on any origin. */
  baseUrl?: string
  /** `wse` (default): workspace ids work in paths. `app`: reproduce the spec sample's `app_` workspace ids. */
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
}

/** An API key and secret pair. */
export interface Credentials {
  apiKey: string
  apiSecret: string
}

/** A caller of the API: its credentials, its account id and its organization id. */
export interface Principal extends Credentials {
  account: string
  organization: string
}

export interface MockApi {
  /** MSW 3 request handlers for every operation: `setupServer(...api.handlers)`. */
  readonly handlers: HttpHandler[]
  /**
   * Answers a Fetch `Request` as the handlers would, without going through MSW (for servers and worker
   * runtimes that speak Fetch). Resolves to undefined for a request outside the API's paths.
   */
  handle(request: Request): Promise<Response | undefined>
  /** The @msw/data collections (organizations, accounts, workspaces, applications). */
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
  readonly faults: FaultRegistry
  /** Every request the handlers saw. */
  readonly journal: Journal
  /** Contract violations caught in strict mode since the last reset. */
  readonly violations: readonly ContractViolation[]
  /**
   * Replaces one operation's response (after authentication) with what `resolver` returns; returning
   * undefined lets the request through. Returns a function that removes the override.
   */
  override<Name extends OperationName>(
    operation: Name,
    resolver: OverrideResolver<Name>,
    options?: OverrideOptions,
  ): () => void
  /** Back to the initial state, in place, and clears faults, overrides, the journal and violations. */
  reset(): Promise<void>
  /** The whole current state as plain JSON data (loadable with `createMockApi({ state })`). */
  snapshot(): ScenarioState
}

/**
 * Creates an in-memory Workspace & Application API: seeded data, @msw/data collections and MSW handlers.
 * @example
 * const api = createMockApi({ scenario: 'demo', seed: 42 })
 * const server = setupServer(...api.handlers)
 */
export function createMockApi(options: MockApiOptions = {}): MockApi {
  return createMockApiFrom(options, initialStateOf(options))
}

/**
 * Not public API (the demo server's sessions and state uploads): a mock over `initial`, which is trusted
 * (valid, and taken over: its records are frozen in place) or an already prepared `Baseline` shared with
 * other mocks. `options.scenario` and `options.state` are ignored.
 */
export function createMockApiFrom(options: MockApiOptions, initial: ScenarioState | Baseline): MockApi {
  const seed = options.seed ?? 1
  const baseUrl = normalizeBaseUrl(options.baseUrl)
  const assetsOrigin = options.assetsOrigin ?? baseUrl ?? DEFAULT_ASSETS_ORIGIN
  let principals = principalsOf(initial instanceof Baseline ? initial.state.accounts : initial.accounts)

  const strict = options.strict ?? underTestRunner()
  const workspaceIdPrefix = options.workspaceIdPrefix ?? 'wse'
  const store = new Store(initial, { seed, now: options.now ?? Date.now, assetsOrigin })
  const faults = new FaultRegistry(operations, createRandomSource(seed, 0xfa17))
  const journal = new Journal(options.journalLimit ?? 1000)
  const overrides = new Overrides()
  const mock: MockContext = {
    store,
    baseUrl,
    serialize: createSerializer(workspaceIdPrefix, strict),
    workspaceKey: workspaceKeyMapper(workspaceIdPrefix),
    faults,
    journal,
    overrides,
    strict,
    // Contract checks of override responses run in strict mode only: loaded when first needed.
    checkResponse: async (...args) => (await import('../testkit/contract.ts')).checkResponse(...args),
    violations: [],
  }
  // Mark a failed load as handled here; whoever awaits `ready` or a request still sees the error.
  store.ready.catch(() => {})

  // Built on first use: a server answers through its dispatcher and never needs MSW's handler objects;
  // the dispatcher behind `api.handle` is loaded on its first call (most tests never make one).
  let handlers: HttpHandler[] | undefined
  const api: MockApi = {
    get handlers() {
      handlers ??= createHandlers(mock)
      return handlers
    },
    async handle(request) {
      const own = internalsOf(api)
      own.dispatch ??= (await import('../handlers/dispatch.ts')).createDispatcher(mock)
      const answer = await own.dispatch(fromFetchRequest(request))
      return answer && toResponse(answer)
    },
    get db() {
      return store.db
    },
    get credentials() {
      return { apiKey: principals[0]!.apiKey, apiSecret: principals[0]!.apiSecret }
    },
    get principals() {
      return principals
    },
    seed,
    strict,
    get ready() {
      return store.ready
    },
    faults,
    journal,
    violations: mock.violations,
    override: (operation, resolver, overrideOptions) => overrides.add(operation, resolver, overrideOptions),
    reset() {
      faults.reset()
      overrides.clear()
      journal.clear()
      mock.violations.length = 0
      return store.reset()
    },
    snapshot: () => store.snapshot(),
  }
  internals.set(api, {
    mock,
    store,
    replace(next) {
      const nextPrincipals = principalsOf(next instanceof Baseline ? next.state.accounts : next.accounts)
      const loaded = store.replace(next)
      principals = nextPrincipals
      return loaded
    },
  })
  return api
}

interface Internals {
  mock: MockContext
  /** The dispatcher, once made (by `api.handle` or `dispatcherOf`). */
  dispatch?: Dispatcher
  store: Store
  replace(initial: ScenarioState | Baseline): Promise<void>
}

const internals = new WeakMap<MockApi, Internals>()

/** Not public API: what src/api/dispatcher-of.ts and the server's helpers reach into. */
export function internalsOf(api: MockApi): Internals {
  const found = internals.get(api)
  if (!found) throw new TypeError('not a mock API made by createMockApi')
  return found
}


/** Not public API: the mock's initial state, prepared, for mocks that start from the same records. */
export function baselineOf(api: MockApi): Promise<Baseline> {
  return internalsOf(api).store.baseline
}

/**
 * Not public API (the demo server's `POST /__admin/state` and `--watch`): loads `initial` (trusted: valid
 * and taken over) in place of the mock's initial state; `reset()` comes back to it from now on, and the
 * principals are its accounts. Faults, overrides and the journal stay.
 */
export function replaceInitialState(api: MockApi, initial: ScenarioState | Baseline): Promise<void> {
  return internalsOf(api).replace(initial)
}

/**
 * Not public API (the browser entry, which follows the state another tab saved): loads `state` in place of
 * the mock's current state, validated first (throws `InvalidStateError`, changing nothing); `reset()` still
 * returns to the initial state, and faults, overrides and the journal stay.
 */
export async function replaceState(api: MockApi, state: unknown): Promise<void> {
  validateState(state)
  return internalsOf(api).store.load(state)
}

/** Not public API: the records of one collection, read without filling lazy collections (see Store). */
export function recordsOf<Name extends CollectionName>(api: MockApi, name: Name): readonly ScenarioState[Name][number][] {
  return internalsOf(api).store.records(name)
}

function principalsOf(accounts: readonly Account[]): Principal[] {
  const principals = accounts.map((account) => ({
    apiKey: account.apiKey,
    apiSecret: account.apiSecret,
    account: account.id,
    organization: account.organization,
  }))
  if (principals.length === 0) throw new TypeError('the scenario created no principal: call kit.principal(organization)')
  return principals
}

/**
 * Not public API: the validated initial state `options` describe (a scenario built with its seed, or a
 * copy of `options.state`).
 */
export function initialStateOf(options: MockApiOptions): ScenarioState {
  const seed = options.seed ?? 1
  const assetsOrigin = options.assetsOrigin ?? normalizeBaseUrl(options.baseUrl) ?? DEFAULT_ASSETS_ORIGIN
  return initialState(options, seed, assetsOrigin)
}

function initialState(options: MockApiOptions, seed: number, assetsOrigin: string): ScenarioState {
  if (options.state !== undefined) {
    if (options.scenario !== undefined) throw new TypeError('give either `scenario` or `state`, not both')
    validateState(options.state)
    return structuredClone(options.state)
  }
  const state = buildScenario(options.scenario ?? 'demo', {
    seed,
    assetsOrigin,
    accessTypes: options.accessTypes,
    protocols: options.protocols,
  })
  if (typeof options.scenario === 'function') validateState(state)
  return state
}

function normalizeBaseUrl(baseUrl: string | undefined): string | undefined {
  if (baseUrl === undefined) return undefined
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new TypeError(`baseUrl must be an absolute URL such as https://api.example.test, got "${baseUrl}"`)
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}
