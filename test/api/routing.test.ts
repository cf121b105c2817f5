/** Routing under /api (404, 405 + Allow, OPTIONS, no fall-through) and the served JSON Schemas. */
import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, test, vi } from 'vitest'
import { expectProblem, expectSuccess, withoutStateChange } from '../support/api-assertions.ts'
import { checkedFetch } from '../support/checked-fetch.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'demo', seed: 5 })
const at = { origin: ORIGIN }

const SCHEMA_NAMES = [
  'SuccessResponseWorkspaceBody',
  'SuccessResponseApplicationBody',
  'SuccessResponseListWorkspaceBody',
  'PagingResponseListApplicationBody',
  'ErrorModel',
] as const

function ids() {
  const state = h.api.snapshot()
  const workspace = state.workspaces[0]!
  const app = state.applications.find((a) => a.workspace === workspace.id)!
  return { workspace: workspace.id, app: app.id }
}

/** Spec section 4: the methods of each known path. */
function knownPaths(): [string, string[]][] {
  const { workspace, app } = ids()
  return [
    ['/api/workspaces', ['GET', 'POST']],
    [`/api/workspaces/${workspace}`, ['GET', 'PUT']],
    ['/api/applications', ['GET']],
    [`/api/applications/${app}`, ['GET']],
    ['/api/schemas/ErrorModel.json', ['GET']],
  ]
}

const allowOf = (response: Response) =>
  (response.headers.get('Allow') ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean)

const UNKNOWN_PATHS = [
  '/api',
  '/api/',
  '/api/nope',
  '/api/workspace',
  '/api/v2/workspaces',
  '/api/workspaces/a/b',
  '/api/applications/a/b',
  '/api/schemas',
  '/api/WORKSPACES',
]

describe('unknown paths under /api', () => {
  test.each(UNKNOWN_PATHS)('GET and POST %s: 404 problem', async (path) => {
    for (const method of ['GET', 'POST']) {
      const res = await withoutStateChange(h.api, () =>
        h.call(path, method === 'POST' ? { method, json: { name: 'x' } } : { method }),
      )
      expectProblem(res, 404, at)
    }
  })
})

describe('known paths with another method', () => {
  test('405 with an Allow header listing the methods of the path', async () => {
    const others = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
    let checked = 0
    for (const [path, methods] of knownPaths()) {
      for (const method of others.filter((m) => !methods.includes(m))) {
        const res = await withoutStateChange(h.api, () =>
          h.call(path, ['GET', 'DELETE'].includes(method) ? { method } : { method, json: { name: 'x' } }),
        )
        expectProblem(res, 405, at)
        const allow = allowOf(res.response)
        for (const m of methods) expect(allow, `${method} ${path}`).toContain(m)
        expect(allow, `${method} ${path}`).not.toContain(method)
        checked++
      }
    }
    expect(checked).toBe(3 + 3 + 4 + 4 + 4)
  })

  test('OPTIONS: 204 with Allow, no body', async () => {
    for (const [path, methods] of knownPaths()) {
      const res = await withoutStateChange(h.api, () => h.call(path, { method: 'OPTIONS', principal: null }))
      expect(res.status, path).toBe(204)
      expect(res.text).toBe('')
      const allow = allowOf(res.response)
      for (const m of methods) expect(allow, path).toContain(m)
      for (const m of ['PATCH', 'DELETE']) expect(allow, path).not.toContain(m)
    }
  })
})

describe('nothing under /api falls through (onUnhandledFrame: error)', () => {
  test('outside /api the server really errors on unhandled requests (control)', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await expect(fetch(`${ORIGIN}/apix`)).rejects.toThrow()
      await expect(fetch(`${ORIGIN}/health`)).rejects.toThrow()
      expect(printed).toHaveBeenCalled()
    } finally {
      printed.mockRestore()
    }
  })

  test('every method on known and unknown /api paths is answered by the mock', async () => {
    const paths = [...knownPaths().map(([p]) => p), ...UNKNOWN_PATHS, '/api/workspaces?x=1', '/api/a%20b']
    for (const path of paths) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']) {
        const { response } = await checkedFetch(`${ORIGIN}${path}`, { method })
        expect([200, 204, 401, 404, 405, 415, 422], `${method} ${path}`).toContain(response.status)
        if (response.status === 405) expect(response.headers.get('Allow'), `${method} ${path}`).toBeTruthy()
      }
    }
  })
})

describe('GET /api/schemas/<Name>.json', () => {
  const fixture = (name: string) =>
    JSON.parse(readFileSync(new URL(`../../fixtures/schemas/${name}.json`, import.meta.url), 'utf8'))

  test.each(SCHEMA_NAMES)('%s: served without credentials, equal to the fixture file', async (name) => {
    const res = await checkedFetch(`${ORIGIN}/api/schemas/${name}.json`)
    expect(res.status).toBe(200)
    expect(res.response.headers.get('Content-Type')).toMatch(/^application\/(schema\+)?json(;|$)/)
    expect(res.body).toEqual(fixture(name))
    expect(res.body.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(res.body.title).toBe(name)
    expect(() => new Ajv2020({ strict: false, validateFormats: false }).compile(res.body)).not.toThrow()
  })

  test('bad credentials do not matter for a schema', async () => {
    const res = await checkedFetch(`${ORIGIN}/api/schemas/ErrorModel.json`, {
      as: { apiKey: 'nobody', apiSecret: 'nothing' },
    })
    expect(res.status).toBe(200)
  })

  test.each(['Workspace.json', 'Nope.json', 'ErrorModel', 'ErrorModel.yaml', 'errormodel.json'])(
    'unknown schema %s: 404 problem',
    async (file) => {
      const res = await checkedFetch(`${ORIGIN}/api/schemas/${file}`)
      expectProblem(res, 404, at)
    },
  )

  test('the served schemas accept real responses of every kind', async () => {
    const served = new Map<string, ReturnType<Ajv2020['compile']>>()
    for (const name of SCHEMA_NAMES) {
      const res = await checkedFetch(`${ORIGIN}/api/schemas/${name}.json`)
      served.set(name, new Ajv2020({ strict: false, allErrors: true, validateFormats: false }).compile(res.body))
    }
    const { workspace, app } = ids()
    const samples: [string, Promise<any>][] = [
      ['SuccessResponseListWorkspaceBody', h.call('/api/workspaces')],
      ['SuccessResponseWorkspaceBody', h.call(`/api/workspaces/${workspace}`)],
      ['PagingResponseListApplicationBody', h.call('/api/applications', { workspace })],
      ['SuccessResponseApplicationBody', h.call(`/api/applications/${app}`, { workspace })],
      ['ErrorModel', h.call('/api/applications?page_size=1', { workspace })],
    ]
    for (const [name, pending] of samples) {
      const res = await pending
      expect(res.body.$schema).toBe(`${ORIGIN}/api/schemas/${name}.json`)
      const validate = served.get(name)!
      expect(validate(res.body), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true)
    }
    // And they reject a body that breaks the contract.
    const list = (await h.call('/api/workspaces')).body
    const validate = served.get('SuccessResponseListWorkspaceBody')!
    expect(validate({ ...list, data: [{ ...list.data[0], extra: 1 }] })).toBe(false)
    expectSuccess(await h.call('/api/workspaces'), 'SuccessResponseListWorkspaceBody', at)
  })
})
