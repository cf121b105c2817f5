/**
 * CORS of answers fulfilled through Playwright routes (docs/runners.md, "Playwright"): a cross-origin page gets
 * the demo server's CORS headers plus `Access-Control-Allow-Credentials: true`; a same-origin page none.
 * `routeMockApi` is driven with a stand-in for Playwright's context and route objects: what `route.fulfill`
 * receives is what the browser page sees.
 */
import type { BrowserContext, Route } from '@playwright/test'
import { describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { API_URLS, routeMockApi } from '../../src/playwright/route.ts'

const API = 'https://api.example.test'

interface Fulfilled {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/** Routes a mock into a stand-in context and sends one GET through it, as a page would. */
async function pageRequest(url: string, headers: Record<string, string>): Promise<Fulfilled> {
  const api = createMockApi({ scenario: 'empty', baseUrl: API })
  await api.ready
  let handler: ((route: Route) => Promise<void>) | undefined
  const context = {
    addInitScript: async () => {},
    route: async (_matches: unknown, routeHandler: (route: Route) => Promise<void>) => {
      handler = routeHandler
    },
    unroute: async () => {},
  } as unknown as BrowserContext
  await routeMockApi(context, api)
  const auth = { 'x-api-key': api.credentials.apiKey, 'x-api-secret': api.credentials.apiSecret }
  let fulfilled: Fulfilled | undefined
  const route = {
    request: () => ({
      allHeaders: async () => ({ ...auth, ...headers }),
      url: () => url,
      method: () => 'GET',
      postDataBuffer: () => null,
    }),
    fulfill: async (answer: Fulfilled) => {
      fulfilled = answer
    },
    fallback: async () => {},
    abort: async () => {},
  } as unknown as Route
  await handler!(route)
  expect(fulfilled, 'the route was fulfilled').toBeDefined()
  return fulfilled!
}

describe('answers fulfilled through routeMockApi', () => {
  test('a page on another origin gets its origin back with credentials allowed', async () => {
    const answer = await pageRequest(`${API}/api/workspaces`, { origin: 'http://localhost:5173' })
    expect(answer.status).toBe(200)
    expect(answer.headers['Access-Control-Allow-Origin']).toBe('http://localhost:5173')
    expect(answer.headers['Access-Control-Allow-Credentials']).toBe('true')
    expect(answer.headers.Vary).toBe('Origin')
    expect(answer.headers['Access-Control-Expose-Headers']).toBe('Link, Allow, Retry-After, Location')
  })

  test('a page on the API origin gets no CORS headers', async () => {
    const answer = await pageRequest(`${API}/api/workspaces`, { origin: API })
    expect(answer.status).toBe(200)
    expect(answer.headers['Access-Control-Allow-Origin']).toBeUndefined()
    expect(answer.headers['Access-Control-Allow-Credentials']).toBeUndefined()
  })
})

describe('which requests the route offers to the mock', () => {
  test.each([
    'https://api.example.test/api/workspaces',
    'http://localhost:4010/api',
    'https://app.example.test/v1/api/workspaces?current_page=2',
    'https://app.example.test/api?x=1',
    'http://127.0.0.1:5173/api/icons/img_1_512.webp',
  ])('%s: offered (a path with an api segment)', (url) => {
    expect(API_URLS.test(url)).toBe(true)
  })

  test.each([
    'https://app.example.test/',
    'https://app.example.test/assets/index-abc.js',
    'https://app.example.test/apix',
    'https://app.example.test/static/api.js',
    'https://app.example.test/?next=/api/workspaces',
    'https://app.example.test/#/api/workspaces',
  ])('%s: left to other routes and the network', (url) => {
    expect(API_URLS.test(url)).toBe(false)
  })
})
