/**
 * workspace-api-mock/browser: the mock API in a browser tab, through MSW's service worker, with state that
 * can survive a page reload. The platform-free core is re-exported (but for `toJsonSchema` and
 * `allJsonSchemas`: import those from `workspace-api-mock`).
 */
import type { HttpHandler } from 'msw'
import { setupWorker, type SetupWorker, type StartOptions } from 'msw/browser'
import { createMockApi, type MockApi, type MockApiOptions } from '../api/create-mock-api.ts'
import type { DevtoolsHandle, DevtoolsOptions } from '../devtools/index.ts'
import { PageSaves } from './page-saves.ts'
import { mockWorkerOff } from './worker-off.ts'

// The core without the JSON Schema generator (which `workspace-api-mock` exports): a bundle of this entry
// loads it only when the worker is first asked for a schema document.
export * from '../exports.ts'
export { withCredentials } from '../scenarios/with-credentials.ts'
export { mockWorkerOff, WORKER_OFF_GLOBAL } from './worker-off.ts'

/** Where the state is kept across reloads: a Web Storage area by name, or any `Storage`. */
export type PersistOption = 'sessionStorage' | 'localStorage' | Storage | false

export interface BrowserMockOptions extends MockApiOptions {
  /**
   * Keep the state across page reloads: `sessionStorage` (per tab) or `localStorage` (per origin).
   * The state is saved after every write the mock answers and when the page is hidden, and restored when
   * the page starts. With `localStorage`, the origin's tabs follow each other's saves, like clients of one
   * server (two tabs writing at once: last write wins, and the tab whose writes were lost warns). A state
   * that does not fit is not saved (one console warning): the page answers from memory and the next load
   * starts from the scenario. Default false: every load starts from the scenario.
   */
  persist?: PersistOption
  /** Storage key of the saved state. Default `workspace-api-mock:<scenario>:<seed>`. */
  storageKey?: string
}

/** What the mock is for one page: the API, its handlers, and the persistence controls. */
export interface BrowserMock {
  /**
   * The mock API: state, credentials, principals. When `restored`, it started from the saved state, which is
   * then also what `api.reset()` returns to; `clear()` and a reload start from the scenario again.
   */
  readonly api: MockApi
  /** `api.handlers`, for `setupWorker(...)` or `network.configure({ handlers })`. */
  readonly handlers: HttpHandler[]
  /** True when the state came from storage rather than from the scenario. */
  readonly restored: boolean
  /** The storage key in use, or undefined without `persist`. */
  readonly storageKey: string | undefined
  /**
   * Saves the state now (it is also saved after writes and on `pagehide`); does nothing when the state has not
   * changed since the last save, or once saving stopped.
   */
  save(): void
  /**
   * Forgets the saved state and stops saving (and following other tabs) for the rest of this page's life,
   * so that the next load starts from the scenario again (e.g. `mock.clear(); location.reload()`).
   */
  clear(): void
  /**
   * Saves after every write the given worker or network answers, before the response reaches the page.
   * `startMockWorker` does this for you; with the `msw/vite` plugin pass `network.events`.
   */
  persistOn(events: RequestEvents): void
}

/** The part of MSW's life-cycle events (`worker.events`, `network.events`) persistence listens to. */
export interface RequestEvents {
  on(type: 'request:match', listener: (event: { request: Request }) => void): unknown
}

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Creates the mock API for a page, restoring the state saved by an earlier load when `persist` is set.
 * Use it with your own `setupWorker`, or with MSW's Vite plugin (`network.configure({ handlers })`).
 */
export function createBrowserMock(options: BrowserMockOptions = {}): BrowserMock {
  const { persist = false, storageKey, ...apiOptions } = options
  const storage = storageOf(persist)
  const key = storage ? (storageKey ?? defaultStorageKey(apiOptions)) : undefined
  if (apiOptions.assetsOrigin === undefined && apiOptions.baseUrl === undefined && typeof location !== 'undefined') {
    // Icon URLs point at this page's origin, where the worker serves them.
    apiOptions.assetsOrigin = location.origin
  }
  const saves = storage && key ? new PageSaves(storage, key) : undefined
  const { api, restored } = startingApi(apiOptions, saves)
  saves?.attach(api)
  return {
    api,
    handlers: api.handlers,
    restored,
    storageKey: key,
    save: () => saves?.save(),
    clear: () => saves?.clear(),
    persistOn(events) {
      if (!saves) return
      // `request:match` fires once the handler has produced its response (the write is done) and before
      // the response is handed to the page, so a reload right after a write still finds it saved.
      events.on('request:match', ({ request }) => {
        if (!READ_ONLY_METHODS.has(request.method)) saves.save()
      })
    },
  }
}

/** The page's mock: from the save an earlier load left when there is one that loads, else from the options. */
function startingApi(apiOptions: MockApiOptions, saves: PageSaves | undefined): { api: MockApi; restored: boolean } {
  const found = saves?.found()
  if (found) {
    try {
      const api = createMockApi({ ...apiOptions, scenario: undefined, state: found.saved.state })
      saves!.follow(found.text, found.saved)
      return { api, restored: true }
    } catch (error) {
      saves!.drop((error as Error).message)
    }
  }
  return { api: createMockApi(apiOptions), restored: false }
}

export interface StartMockWorkerOptions extends BrowserMockOptions {
  /**
   * Options of MSW's `worker.start()`. Default `{ onUnhandledFrame: 'bypass' }`: requests the mock does not
   * serve (the app's own files) go to the network without a warning.
   */
  start?: StartOptions
  /**
   * The devtools panel beside the app (workspace-api-mock/devtools): a button and Alt+Shift+M open it.
   * Default false: none of its code loads. With it, the launcher loads after the worker starts, and the
   * panel the first time it opens.
   */
  devtools?: boolean | DevtoolsOptions
}

export interface MockWorker extends BrowserMock {
  /** MSW's worker, started: `worker.use(...)` adds overrides, `worker.stop()` stops mocking. */
  readonly worker: SetupWorker
  /**
   * False when the page runs under a test that answers the API itself (workspace-api-mock/playwright sets
   * `mockWorkerOff()`): then the worker was not started and the app's requests go to the test's routes.
   */
  readonly started: boolean
  /** The devtools once mounted, with `devtools`; undefined without it (or when the worker is off). */
  readonly devtools: Promise<DevtoolsHandle> | undefined
}

/**
 * Starts MSW's service worker with the mock API of a scenario. The worker script must be served at
 * `/mockServiceWorker.js` (`npx msw init public --no-save`, or the `msw/vite` plugin) unless `start.serviceWorker.url`
 * says otherwise. Under a Playwright test of workspace-api-mock/playwright it starts no worker (the test's
 * own mock answers; see `mockWorkerOff`) and resolves at once, with `started: false`.
 * @example
 * const mock = await startMockWorker({ scenario: 'demo', seed: 42, persist: 'sessionStorage' })
 * mock.api.credentials // { apiKey, apiSecret } for the app's requests
 */
export async function startMockWorker(options: StartMockWorkerOptions = {}): Promise<MockWorker> {
  const { start, devtools, ...mockOptions } = options
  const mock = createBrowserMock(mockOptions)
  const worker = setupWorker(...mock.handlers)
  const off = mockWorkerOff()
  if (off) {
    console.info(`[workspace-api-mock] the mock worker is off: ${off}`)
    return { ...mock, worker, started: false, devtools: undefined }
  }
  mock.persistOn(worker.events as unknown as RequestEvents)
  await worker.start({ onUnhandledFrame: 'bypass', ...start })
  // Loaded only when asked for: an app without devtools carries none of their code.
  const mounted = devtools
    ? import('../devtools/index.ts').then(({ mountDevtools }) =>
        mountDevtools(mock, { scenario: scenarioName(mockOptions), ...(typeof devtools === 'object' ? devtools : {}) }),
      )
    : undefined
  return { ...mock, worker, started: true, devtools: mounted }
}

function storageOf(persist: PersistOption): Storage | undefined {
  if (persist === false) return undefined
  if (typeof persist === 'object') return persist
  const area = (globalThis as Record<string, unknown>)[persist] as Storage | undefined
  if (!area) throw new TypeError(`persist: "${persist}" is not available here`)
  return area
}

/** What a mock's options serve, by name: a preset, a scenario function's name, or `state`. */
function scenarioName(options: MockApiOptions): string {
  if (options.state !== undefined) return 'state'
  return typeof options.scenario === 'function' ? options.scenario.name || 'custom' : (options.scenario ?? 'demo')
}

function defaultStorageKey(options: MockApiOptions): string {
  return `workspace-api-mock:${scenarioName(options)}:${options.seed ?? 1}`
}
