import { createDispatcher, type Dispatcher } from '../handlers/routing/dispatch.ts'
import { routerKit } from '../handlers/routing/router-kit.ts'
import { dispatcherFor } from './internals.ts'
import type { MockApi } from './mock-api.ts'

/**
 * The dispatcher behind `api.handle`, for servers inside the package: it takes the pipeline's own request
 * view and returns kit-built replies, so a `node:http` server builds no Fetch objects (not public API).
 * Its own module so that the platform-free entry loads the dispatcher only when `api.handle` is first
 * called, while a server has it at once (synchronously).
 */
export function dispatcherOf(api: MockApi): Dispatcher {
  return dispatcherFor(api, (mock, surface) => createDispatcher(routerKit, mock, surface))
}
