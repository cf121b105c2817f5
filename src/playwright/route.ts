/**
 * The mock API behind a Playwright browser context (or page): every request to an API path the browser
 * sends is offered to `api.handle`, the same pipeline as MSW's handlers; what it answers is fulfilled, the
 * rest falls back to other routes or the network. No service worker, no server, no port.
 */
import type { BrowserContext, Page, Route } from '@playwright/test'
import type { MockApi } from '../api/create-mock-api.ts'
import { corsHeaders } from '../handlers/reply/cors.ts'
import { WORKER_OFF_GLOBAL } from '../browser/worker-off.ts'

/**
 * The requests offered to the mock: those whose path has an `api` segment (every API path has one, under
 * `baseUrl`'s path if any); `api.handle` decides the rest. A pattern rather than a function: Playwright then
 * stops only those requests, where a function makes it stop every request of the page to ask (the
 * end-to-end suite's CPU: 38.7 s with a function, 34.9 s with the pattern).
 */
export const API_URLS = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\/(?:[^?#]*\/)?api(?:[/?#]|$)/i

/** Why the page's own mock worker stays off (what `startMockWorker` logs). */
const WORKER_OFF_REASON = 'workspace-api-mock/playwright answers the API in this test'

/**
 * Routes the browser context's (or page's) requests to `api`: requests under its `baseUrl` (or `/api/...`
 * on any origin without one) are answered by it, everything else goes on to other routes and the network.
 * A page that calls `startMockWorker` starts no service worker (see `mockWorkerOff` in
 * workspace-api-mock/browser). The `mockApi` fixture does this for you; call it for contexts you create
 * yourself (`browser.newContext()`). Returns a function that removes the route.
 * @example
 * const context = await browser.newContext()
 * await routeMockApi(context, createMockApi({ scenario: 'demo' }))
 */
export async function routeMockApi(target: BrowserContext | Page, api: MockApi): Promise<() => Promise<void>> {
  await target.addInitScript(
    ([name, reason]) => {
      ;(globalThis as Record<string, unknown>)[name] = reason
    },
    [WORKER_OFF_GLOBAL, WORKER_OFF_REASON] as const,
  )
  const handler = (route: Route) => answer(api, route)
  await target.route(API_URLS, handler)
  return () => target.unroute(API_URLS, handler)
}

/** Answers one routed request from the mock, or lets it go on when the mock does not serve it. */
async function answer(api: MockApi, route: Route): Promise<void> {
  const request = route.request()
  const headers = await request.allHeaders()
  const url = request.url()
  const method = request.method()
  const body = method === 'GET' || method === 'HEAD' ? null : request.postDataBuffer()
  const response = await api.handle(
    new Request(url, {
      method,
      // HTTP/2 pseudo-headers (`:authority`, ...) are not headers a Fetch `Request` can carry.
      headers: Object.entries(headers).filter(([name]) => !name.startsWith(':')),
      body: body && new Uint8Array(body),
    }),
  )
  if (!response) return route.fallback()
  // `faults.disconnect`: the page sees a failed request, as with a dropped connection.
  if (response.type === 'error') return route.abort('connectionreset')
  const origin = headers.origin
  // A cross-origin page reads the answer as from the demo server: CORS for its origin, with credentials
  // (the browser's preflight never gets here: Playwright answers preflights itself while routes are set).
  const cors = origin && origin !== new URL(url).origin ? corsHeaders(origin, true) : {}
  await route.fulfill({
    status: response.status,
    headers: { ...Object.fromEntries(response.headers), ...cors },
    body: Buffer.from(await response.arrayBuffer()),
  })
}
