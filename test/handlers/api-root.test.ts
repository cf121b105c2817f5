/**
 * Only `/api` at the root of an origin (or under `baseUrl`'s path) is the API (docs/spec-decisions.md, "Where
 * the API is"): a client with a wrong base path (`/foo/api/workspaces`) must fail against the mock as it
 * would against the service, not pass. Through MSW (what the mock does not answer reaches the network) and
 * through `api.handle` (undefined: not the mock's).
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { networkServer } from '../support/network-server.ts'

/** A real server behind MSW: what reaches it went through MSW untouched. */
const network = networkServer((request) => `network saw ${request.url}`)

async function expectNetwork(url: string) {
  const response = await fetch(url)
  expect(response.status).toBe(200)
  expect(await response.text()).toBe(`network saw ${new URL(url).pathname}`)
}

describe('without a baseUrl: /api at the root of any origin', () => {
  const api = createMockApi({ scenario: 'empty' })
  const server = setupServer(...api.handlers)
  beforeAll(async () => {
    server.listen({ onUnhandledFrame: 'bypass' })
    await api.ready
  })
  afterAll(() => server.close())

  test('the API at the root answers (401 without credentials, the document 200)', async () => {
    expect((await fetch(`${network.origin()}/api/workspaces`)).status).toBe(401)
    expect((await fetch(`${network.origin()}/api/openapi.json`)).status).toBe(200)
    expect((await fetch(`${network.origin()}/api/no-such-route`)).status).toBe(404)
  })

  test.each(['/foo/api/workspaces', '/x/y/api/openapi.json', '/foo/api/no-such-route', '/foo/api'])('%s is not the API: it reaches the network', async (path) => {
    await expectNetwork(`${network.origin()}${path}`)
  })

  test('api.handle answers the root and leaves a prefixed path alone', async () => {
    expect((await api.handle(new Request('http://localhost/api/workspaces')))?.status).toBe(401)
    expect(await api.handle(new Request('http://localhost/foo/api/workspaces'))).toBeUndefined()
    expect(await api.handle(new Request('http://localhost/foo/api/nothing'))).toBeUndefined()
  })

  test("the journal's params are the operation's own (not the origin pattern's)", async () => {
    api.journal.clear()
    await fetch(`${network.origin()}/api/workspaces/wse_1`)
    expect(api.journal.entries.at(-1)!.params).toEqual({ workspaceId: 'wse_1' })
  })
})

describe("with a baseUrl: /api under its path, on its origin", () => {
  const api = createMockApi({ scenario: 'empty', baseUrl: `http://127.0.0.1:1/v1` })
  test('under the base path it answers; a path that adds to it or leaves it out does not', async () => {
    expect((await api.handle(new Request('http://127.0.0.1:1/v1/api/workspaces')))?.status).toBe(401)
    expect(await api.handle(new Request('http://127.0.0.1:1/v1/foo/api/workspaces'))).toBeUndefined()
    expect(await api.handle(new Request('http://127.0.0.1:1/api/workspaces'))).toBeUndefined()
  })
})
