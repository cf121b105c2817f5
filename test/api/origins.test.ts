/**
 * Where the handlers answer and what `$schema` / `Link` say: with a baseUrl (also one with a path), and
 * without one (any origin, `$schema` on the request's own origin).
 */
import { getResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createMockApi, type MockApi } from '../../src/index.ts'
import { expectProblem, expectSuccess } from '../support/api-assertions.ts'
import { checkedFetch } from '../support/checked-fetch.ts'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

/** Serves only `api` for the tests of the enclosing describe. */
function serve(api: MockApi) {
  beforeAll(async () => {
    server.resetHandlers(...api.handlers)
    await api.ready
  })
}

/** fetch() is refused because no handler answered (the request would have gone to the network). */
async function expectUnhandled(url: string) {
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    await expect(fetch(url)).rejects.toThrow()
  } finally {
    printed.mockRestore()
  }
}

describe('without baseUrl: any origin, $schema on the request origin', () => {
  const api = createMockApi({ scenario: 'demo', seed: 21 })
  serve(api)

  test.each(['http://localhost:5173', 'https://any.example.org:8443', 'http://127.0.0.1:4010'])(
    'on %s',
    async (origin) => {
      const workspaces = await checkedFetch(`${origin}/api/workspaces`, { as: api.credentials })
      const list = expectSuccess(workspaces, 'SuccessResponseListWorkspaceBody', { origin })
      const id = list.data[0].id
      expectSuccess(
        await checkedFetch(`${origin}/api/workspaces/${id}`, { as: api.credentials }),
        'SuccessResponseWorkspaceBody',
        { origin },
      )
      const page = expectSuccess(
        await checkedFetch(`${origin}/api/applications`, { as: api.credentials, workspace: id }),
        'PagingResponseListApplicationBody',
        { origin },
      )
      expectSuccess(
        await checkedFetch(`${origin}/api/applications/${page.data[0].id}`, {
          as: api.credentials,
          workspace: id,
        }),
        'SuccessResponseApplicationBody',
        { origin },
      )
      expectProblem(await checkedFetch(`${origin}/api/workspaces`), 401, { origin })
      expectProblem(await checkedFetch(`${origin}/api/unknown`), 404, { origin })
      expect((await checkedFetch(`${origin}/api/schemas/ErrorModel.json`)).status).toBe(200)
    },
  )

  test('outside /api nothing is answered', async () => {
    await expectUnhandled('http://localhost:5173/workspaces')
  })

  test.each(['app://x', 'capacitor://localhost', 'file://'])(
    'an opaque origin (%s) is named by its scheme and host, in $schema and servers, never "null"',
    async (origin) => {
      const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }
      for (const answer of [
        await api.handle(new Request(`${origin}/api/workspaces`, { headers })),
        await getResponse(api.handlers, new Request(`${origin}/api/workspaces`, { headers })),
      ]) {
        expect(answer!.headers.get('Link')).toBe('</api/schemas/SuccessResponseListWorkspaceBody.json>; rel="describedBy"')
        expect((await answer!.json()).$schema).toBe(`${origin}/api/schemas/SuccessResponseListWorkspaceBody.json`)
      }
      const problem = await api.handle(new Request(`${origin}/api/workspaces`))
      expect((await problem!.json()).$schema).toBe(`${origin}/api/schemas/ErrorModel.json`)
      const document = await api.handle(new Request(`${origin}/api/openapi.json`))
      expect((await document!.json()).servers).toEqual([{ url: origin }])
    },
  )
})

describe('with baseUrl: that origin only, $schema on baseUrl', () => {
  const origin = 'https://api.example.test'
  const api = createMockApi({ scenario: 'demo', seed: 22, baseUrl: origin })
  serve(api)

  test('answers on baseUrl with $schema under it', async () => {
    const list = expectSuccess(
      await checkedFetch(`${origin}/api/workspaces`, { as: api.credentials }),
      'SuccessResponseListWorkspaceBody',
      { origin },
    )
    expect(list.data.length).toBeGreaterThan(0)
    expectProblem(await checkedFetch(`${origin}/api/workspaces/${'x'.repeat(37)}`, { as: api.credentials }), 422, {
      origin,
    })
  })

  test('does not answer on another origin', async () => {
    await expectUnhandled('https://other.example.test/api/workspaces')
    await expectUnhandled('http://api.example.test/api/workspaces')
  })
})

describe('with a baseUrl that has a path', () => {
  const base = 'https://gateway.example.test/v1'
  const api = createMockApi({ scenario: 'empty', seed: 23, baseUrl: `${base}/` })
  serve(api)

  test('answers under the path; $schema and Link point at the same document', async () => {
    const url = `${base}/api/workspaces`
    const res = await checkedFetch(url, { as: api.credentials })
    const body = expectSuccess(res, 'SuccessResponseListWorkspaceBody', {
      origin: base,
      linkPath: '/v1/api/schemas/SuccessResponseListWorkspaceBody.json',
    })
    expect(body.data).toEqual([])
    const href = /^<([^>]+)>/.exec(res.response.headers.get('Link')!)![1]!
    expect(new URL(href, url).href).toBe(body.$schema)
    const schema = await checkedFetch(body.$schema)
    expect(schema.status).toBe(200)
    expect(schema.body.title).toBe('SuccessResponseListWorkspaceBody')
  })

  test('the origin without the path is not answered', async () => {
    await expectUnhandled('https://gateway.example.test/api/workspaces')
  })
})

describe('options', () => {
  test('a baseUrl that is not an absolute URL is refused', () => {
    expect(() => createMockApi({ scenario: 'empty', baseUrl: 'api.example.test' })).toThrow(TypeError)
    expect(() => createMockApi({ scenario: 'empty', baseUrl: '/api' })).toThrow(TypeError)
  })

  test('an unknown scenario name is refused', () => {
    expect(() => createMockApi({ scenario: 'nope' as 'demo' })).toThrow(TypeError)
  })
})
