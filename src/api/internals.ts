import type { ApiSurface } from '../handlers/api-surface.ts'
import type { MockContext } from '../handlers/context.ts'
import type { Dispatcher } from '../handlers/dispatch.ts'
import type { Operation } from '../handlers/operation.ts'
import type { Baseline } from '../model/baseline.ts'
import type { ScenarioState } from '../model/state.ts'
import type { Store } from '../model/store.ts'
import type { Overrides } from '../testkit/overrides.ts'
import type { MockApi } from './mock-api.ts'

/** What the package's own code reaches behind a mock's public face (not public API). */
export interface Internals {
  mock: MockContext & { readonly surface: ApiSurface<Operation>; readonly overrides: Overrides }
  /** The dispatcher, once made (by `api.handle` or `dispatcherOf`). */
  dispatch?: Dispatcher
  store: Store
  replace(initial: ScenarioState | Baseline): Promise<void>
}

const internals = new WeakMap<MockApi, Internals>()

/** Ties a mock to its internals (createMockApiFrom, once per mock). */
export function keepInternals(api: MockApi, own: Internals): void {
  internals.set(api, own)
}

/** Not public API: what src/api/dispatcher-of.ts, mock-state.ts and the server's helpers reach into. */
export function internalsOf(api: MockApi): Internals {
  const found = internals.get(api)
  if (!found) throw new TypeError('not a mock API made by createMockApi')
  return found
}
