import type { HttpHandler } from 'msw'
import { factoriesOf, type Factories } from '../factories/factories.ts'
import { fromFetchRequest } from '../handlers/api-request.ts'
import type { ApiSurface } from '../handlers/api-surface.ts'
import { createSerializer, workspaceKeyMapper, type MockContext } from '../handlers/context.ts'
import { createHandlers } from '../handlers/routing/create-handlers.ts'
import { routerKit } from '../handlers/routing/router-kit.ts'
import type { Operation } from '../handlers/operation.ts'
import type { RequestJournal } from '../handlers/ports.ts'
import { resolveProfile } from '../handlers/profile.ts'
import { badTimeout, DEFAULT_OPERATION_TIMEOUT } from '../handlers/definitions/run-context.ts'
import { toResponse } from '../handlers/reply/reply.ts'
import type { DriftEntry } from '../handlers/trace.ts'
import { liveGate } from '../live/load.ts'
import { Baseline } from '../model/baseline.ts'
import type { ScenarioState } from '../model/state.ts'
import { Store } from '../model/store.ts'
import { FaultRegistry } from '../testkit/faults.ts'
import { Journal } from '../testkit/journal.ts'
import { Overrides } from '../testkit/overrides.ts'
import { createRandomSource } from '../testkit/random-source.ts'
import { underTestRunner } from '../testkit/test-runner.ts'
import { processCoverage } from '../coverage/switch.ts'
import { scenarioNameOf } from './scenario-name.ts'
import { keepInternals, type Internals } from './internals.ts'
import type { MockApi, MockApiOptions, Principal } from './mock-api.ts'
import { resolveMockOptions, type ResolvedMockOptions } from './mock-options.ts'

/** The handlers' context with the test kit's own classes, which the public face hands out. */
type KitContext = MockContext & {
  readonly faults: FaultRegistry<string>
  readonly journal: Journal<string>
  readonly overrides: Overrides
  readonly surface: ApiSurface<Operation>
  /** Drops the factories `run` got, so that they start again from the seed. */
  resetFactories(): void
  /** `api.drift`: what the live gate found (empty without `live`). */
  readonly drift: DriftEntry[]
}

/**
 * Not public API (the demo server's sessions and state uploads): a mock over `initial`, which is trusted
 * (valid, and taken over: its records are frozen in place) or an already prepared `Baseline` shared with
 * other mocks. `options.scenario` and `options.state` are ignored.
 */
export function createMockApiFrom(options: MockApiOptions, initial: ScenarioState | Baseline, resolved: ResolvedMockOptions = resolveMockOptions(options)): MockApi {
  const { seed, surface, build } = resolved
  let principals = principalsOf(initial)
  const store = new Store(initial, { seed, now: options.now ?? Date.now, assetsOrigin: build.assetsOrigin, model: surface.model })
  const mock = contextOf(options, store, resolved)
  const whenLoaded = loadedGuard(store)
  const own: Internals = {
    mock,
    store,
    build,
    replace(next) {
      const nextPrincipals = principalsOf(next)
      const loaded = store.replace(next)
      principals = nextPrincipals
      return loaded
    },
  }
  const api = publicFace(own, mock, seed, () => principals, whenLoaded)
  keepInternals(api, own)
  // A runner's coverage (src/coverage/switch.ts): off, nothing is attached and no request pays for it.
  const coverage = processCoverage()
  if (coverage) (mock as { journal: RequestJournal }).journal = coverage.journal(api.journal, { surface: mock.surface, scenario: scenarioNameOf(options), seed })
  return api
}

function contextOf(options: MockApiOptions, store: Store, { seed, baseUrl, surface, build }: ResolvedMockOptions): KitContext {
  const strict = options.strict ?? underTestRunner()
  const profile = resolveProfile(options.profile, options.workspaceIdPrefix)
  const workspaceIdPrefix = profile.idPrefix.workspace
  const now = options.now ?? Date.now
  let factories: Factories | undefined
  const drift: DriftEntry[] = []
  const context: KitContext = {
    store,
    surface,
    baseUrl,
    profile,
    serialize: createSerializer(workspaceIdPrefix, strict, surface.model),
    workspaceKey: workspaceKeyMapper(workspaceIdPrefix),
    faults: new FaultRegistry(surface.operations, createRandomSource(seed, 0xfa17)),
    journal: new Journal(options.journalLimit ?? 1000),
    overrides: new Overrides(surface.operations),
    strict,
    // Contract checks of override responses run in strict mode only: loaded when first needed.
    checkResponse: async (...args) => (await import('../testkit/contract.ts')).checkResponse(...args),
    violations: [],
    now,
    operationTimeout: operationTimeoutOf(options.operationTimeout),
    factories: () => (factories ??= factoriesOf({ ...build, seed })),
    resetFactories: () => (factories = undefined),
    live: options.live && liveGate(options.live, () => context, drift),
    drift,
  }
  return context
}

function operationTimeoutOf(value: number | undefined): number {
  if (value === undefined) return DEFAULT_OPERATION_TIMEOUT
  const bad = badTimeout(value)
  if (bad !== undefined) throw new TypeError(`operationTimeout: ${bad}`)
  return value
}

/**
 * `db` and `snapshot()` answer at once: before a state is loaded they would show empty collections, so
 * they refuse until one is (the first load, or a later one after it failed). A failed load is marked
 * handled here; `ready` and requests report it.
 */
function loadedGuard(store: Store): (what: string) => void {
  let loaded = false
  store.ready.then(() => (loaded = true), () => {})
  return (what) => {
    loaded ||= store.settled
    if (!loaded) throw new Error(`${what}: not ready yet: await api.ready`)
  }
}

function publicFace(
  own: Internals,
  mock: KitContext,
  seed: number,
  principals: () => Principal[],
  whenLoaded: (what: string) => void,
): MockApi {
  const { store, faults, journal, overrides } = mock
  // Built on first use: a server answers through its dispatcher and never needs MSW's handler objects;
  // the dispatcher behind `api.handle` is loaded on its first call (most tests never make one).
  let handlers: HttpHandler[] | undefined
  return {
    get handlers() {
      handlers ??= createHandlers(mock, mock.surface)
      return handlers
    },
    async handle(request) {
      own.dispatch ??= (await import('../handlers/routing/dispatch.ts')).createDispatcher(routerKit, mock, mock.surface)
      const answer = await own.dispatch(fromFetchRequest(request))
      return answer && toResponse(answer)
    },
    get db() {
      whenLoaded('api.db')
      return store.db
    },
    get credentials() {
      return { apiKey: principals()[0]!.apiKey, apiSecret: principals()[0]!.apiSecret }
    },
    get principals() {
      return principals()
    },
    seed,
    strict: mock.strict,
    get ready() {
      return mock.live ? Promise.all([store.ready, mock.live.ready]).then(() => {}) : store.ready
    },
    faults,
    journal,
    violations: mock.violations,
    drift: mock.drift,
    override: (operation: string, resolver: Parameters<Overrides['add']>[1], overrideOptions?: Parameters<Overrides['add']>[2]) => overrides.add(operation, resolver, overrideOptions),
    reset() {
      faults.reset()
      overrides.clear()
      journal.clear()
      mock.resetFactories()
      mock.violations.length = 0
      mock.drift.length = 0
      mock.live?.reset()
      return store.reset()
    },
    snapshot() {
      whenLoaded('api.snapshot()')
      return store.snapshot()
    },
  }
}

function principalsOf(initial: ScenarioState | Baseline): Principal[] {
  const accounts = initial instanceof Baseline ? initial.state.accounts : initial.accounts
  const principals = accounts.map((account) => ({
    apiKey: account.apiKey,
    apiSecret: account.apiSecret,
    account: account.id,
    organization: account.organization,
  }))
  if (principals.length === 0) throw new TypeError('the scenario created no principal: call kit.principal(organization)')
  return principals
}
