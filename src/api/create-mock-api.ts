import type { HttpHandler } from 'msw'
import { DEFAULT_ASSETS_ORIGIN, type FactoryOptions } from '../factories/factories.ts'
import { createHandlers } from '../handlers/create-handlers.ts'
import { createMockContext, type WorkspaceIdPrefix } from '../handlers/context.ts'
import type { Database } from '../model/database.ts'
import { Store } from '../model/store.ts'
import { validateState } from '../model/validate-state.ts'
import type { ScenarioState } from '../scenarios/kit.ts'
import { buildScenario, type ScenarioRef } from '../scenarios/resolve.ts'

export interface MockApiOptions extends Omit<FactoryOptions, 'seed'> {
  /** A preset name (`empty`, `demo`, `paging`, `multi-tenant`, `scale:<w>x<a>`) or a scenario function. Default `demo`. */
  scenario?: ScenarioRef
  /** Seed of every generated value. Default 1. */
  seed?: number
  /** Answer only on this origin (and path prefix). Without it the handlers match `/api/...` on any origin. */
  baseUrl?: string
  /** `wse` (default): workspace ids work in paths. `app`: reproduce the spec sample's `app_` workspace ids. */
  workspaceIdPrefix?: WorkspaceIdPrefix
  /** Clock for `created` / `updated` of writes made through the API. Default `Date.now`. */
  now?: () => number
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
  /** The @msw/data collections (organizations, accounts, workspaces, applications). */
  readonly db: Database
  /** Credentials of the scenario's first principal. */
  readonly credentials: Credentials
  /** Every principal of the scenario. */
  readonly principals: readonly Principal[]
  /** The seed the data was built from. */
  readonly seed: number
  /** Settles once the collections hold the scenario (handlers wait for it by themselves). */
  readonly ready: Promise<void>
  /** Back to the scenario's initial state, in place: handlers and `db` stay valid. */
  reset(): Promise<void>
  /** The whole current state as plain JSON data. */
  snapshot(): ScenarioState
}

/**
 * Creates an in-memory Workspace & Application API: seeded data, @msw/data collections and MSW handlers.
 * @example
 * const api = createMockApi({ scenario: 'demo', seed: 42 })
 * const server = setupServer(...api.handlers)
 */
export function createMockApi(options: MockApiOptions = {}): MockApi {
  const seed = options.seed ?? 1
  const baseUrl = normalizeBaseUrl(options.baseUrl)
  const assetsOrigin = options.assetsOrigin ?? baseUrl ?? DEFAULT_ASSETS_ORIGIN
  const initial = buildScenario(options.scenario ?? 'demo', {
    seed,
    assetsOrigin,
    accessTypes: options.accessTypes,
    protocols: options.protocols,
  })
  if (typeof options.scenario === 'function') validateState(initial)
  const principals = initial.accounts.map((account) => ({
    apiKey: account.apiKey,
    apiSecret: account.apiSecret,
    account: account.id,
    organization: account.organization,
  }))
  const first = principals[0]
  if (!first) throw new TypeError('the scenario created no principal: call kit.principal(organization)')

  const store = new Store(initial, { seed, now: options.now ?? Date.now, assetsOrigin })
  const mock = createMockContext(store, baseUrl, options.workspaceIdPrefix ?? 'wse')
  // Mark a failed load as handled here; whoever awaits `ready` or a request still sees the error.
  store.ready.catch(() => {})

  return {
    handlers: createHandlers(mock),
    db: store.db,
    credentials: { apiKey: first.apiKey, apiSecret: first.apiSecret },
    principals,
    seed,
    get ready() {
      return store.ready
    },
    reset: () => store.reset(),
    snapshot: () => store.snapshot(),
  }
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
