/**
 * Over-long URLs (docs/spec-decisions.md, "Over-long URLs"): a URL under the API's paths (`<baseUrl>/api`, or
 * `/api` on any origin without a baseUrl) longer than 8,192 characters is 414 before any other check; one of
 * 8,192 is served as usual; over-long URLs elsewhere are not the mock's to answer.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { networkServer } from '../support/network-server.ts'

const LIMIT = 8192

/** `prefix` followed by `a`s up to exactly `length` characters. */
const padded = (prefix: string, length: number) => `${prefix}${'a'.repeat(length - prefix.length)}`

/** A real server behind MSW: what reaches it went through MSW untouched. */
const network = networkServer((request) => `network saw ${request.url!.length} characters`)

/** An over-long URL outside the mock's paths reaches the network through MSW, as a short one would. */
async function expectPassedThrough(url: string) {
  const response = await fetch(url)
  expect(response.status).toBe(200)
  expect(await response.text()).toBe(`network saw ${new URL(url).pathname.length} characters`)
}

async function expect414(response: Response | undefined) {
  expect(response?.status).toBe(414)
  expect(response!.headers.get('Content-Type')).toBe('application/problem+json')
  const body = await response!.json()
  expect(body).toMatchObject({ title: 'Request URI Too Long', status: 414 })
  expect(body.detail).toBe(`request URL is longer than ${LIMIT} characters`)
}

describe('with a baseUrl', () => {
  const api = createMockApi({ scenario: 'empty', baseUrl: 'https://api.example.test' })
  const server = setupServer(...api.handlers)
  beforeAll(async () => {
    server.listen({ onUnhandledFrame: 'error' })
    await api.ready
  })
  afterAll(() => server.close())

  test('a URL of exactly 8,192 characters is served as usual (here: 401), through MSW and api.handle', async () => {
    const url = padded('https://api.example.test/api/workspaces/wse_', LIMIT)
    expect(url.length).toBe(LIMIT)
    expect((await fetch(url)).status).toBe(401)
    expect((await api.handle(new Request(url)))?.status).toBe(401)
  })

  test('one character more is 414, through MSW and api.handle', async () => {
    const url = padded('https://api.example.test/api/workspaces/wse_', LIMIT + 1)
    await expect414(await fetch(url))
    await expect414(await api.handle(new Request(url)))
  })

  test('the path /api itself with a long query string is 414', async () => {
    const url = padded('https://api.example.test/api?filler=', LIMIT + 100)
    await expect414(await fetch(url))
    await expect414(await api.handle(new Request(url)))
  })

  test('an over-long /api URL on another origin is not answered', async () => {
    const url = padded('https://elsewhere.example.test/api/workspaces/', LIMIT + 100)
    expect(await api.handle(new Request(url))).toBeUndefined()
  })

  test('an over-long URL outside /api is not answered', async () => {
    const url = padded('https://api.example.test/assets/', LIMIT + 100)
    expect(await api.handle(new Request(url))).toBeUndefined()
  })

  test('through MSW, an over-long URL on another origin passes through to the network untouched', async () => {
    await expectPassedThrough(padded(`${network.origin()}/api/workspaces/`, LIMIT + 100))
    await expectPassedThrough(padded(`${network.origin()}/assets/`, LIMIT + 100))
  })
})

describe('with a baseUrl that has a path', () => {
  const api = createMockApi({ scenario: 'empty', baseUrl: 'https://gateway.example.test/v1' })

  test('an over-long URL under <baseUrl>/api is 414', async () => {
    await expect414(await api.handle(new Request(padded('https://gateway.example.test/v1/api/workspaces/', LIMIT + 100))))
  })

  test('an over-long URL under /api beside the base path is not answered', async () => {
    const url = padded('https://gateway.example.test/api/workspaces/', LIMIT + 100)
    expect(await api.handle(new Request(url))).toBeUndefined()
  })
})

describe('without a baseUrl', () => {
  const api = createMockApi({ scenario: 'empty' })
  const server = setupServer(...api.handlers)
  beforeAll(async () => {
    server.listen({ onUnhandledFrame: 'error' })
    await api.ready
  })
  afterAll(() => server.close())

  test('an over-long URL under /api on any origin is 414, through MSW and api.handle', async () => {
    const url = padded('http://localhost:5173/api/applications/', LIMIT + 100)
    await expect414(await fetch(url))
    await expect414(await api.handle(new Request(url)))
  })

  test('an over-long URL outside /api is not answered', async () => {
    const url = padded('http://localhost:5173/static/', LIMIT + 100)
    expect(await api.handle(new Request(url))).toBeUndefined()
  })

  test('through MSW, an over-long URL outside /api passes through to the network untouched', async () => {
    await expectPassedThrough(padded(`${network.origin()}/static/`, LIMIT + 100))
    await expectPassedThrough(padded(`${network.origin()}/apiary/`, LIMIT + 100))
  })

  test('a path that merely starts with "api" is not under /api', async () => {
    const url = padded('http://localhost:5173/apiary/', LIMIT + 100)
    expect(await api.handle(new Request(url))).toBeUndefined()
  })
})
