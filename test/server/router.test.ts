/**
 * The router's own answers (src/server/http/router.ts): a request that races the scenario's build gets a 503
 * problem like every other error, and the table sends each kind of request to its handler.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { route, type RouterContext } from '../../src/server/http/router.ts'
import { call, expectProblem } from './http-helpers.ts'

describe('while the scenario loads', () => {
  let server: Server
  let url: string
  beforeAll(async () => {
    const context: RouterContext = { url: '', cors: true, access: { token: undefined, allowedHosts: [] }, bodyTimeout: 1000, api: undefined, control: undefined }
    server = createServer((request, response) => route(request, response, context))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    context.url = url
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  test('API and admin requests get a 503 problem with Retry-After; the API with its CORS headers', async () => {
    const api = await call(url, '/api/workspaces', { headers: { Origin: 'http://app.example.test' } })
    expectProblem(api, 503, url, 'the mock is still loading its scenario: try again in a moment')
    expect(api.headers.get('Retry-After')).toBe('1')
    expect(api.headers.get('Access-Control-Allow-Origin')).toBe('http://app.example.test')
    const admin = await call(url, '/__admin/info')
    expectProblem(admin, 503, url)
    expect(admin.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })
})

describe('only `/api` at the root is the API', () => {
  let server: MockServer
  beforeAll(async () => {
    server = await startMockServer({ port: 0, scenario: 'demo', seed: 1 })
  })
  afterAll(() => server.close())

  test('a wrong base path gets the plain 404 of paths outside the API, as it would from the service', async () => {
    const auth = { 'X-API-Key': server.api.credentials.apiKey, 'X-API-Secret': server.api.credentials.apiSecret }
    expect((await call(server.url, '/api/workspaces', { headers: auth })).status).toBe(200)
    for (const path of ['/foo/api/workspaces', '/x/y/api/openapi.json', '/v1/api', '/apix/workspaces']) {
      const answer = await call(server.url, path, { headers: auth })
      expect(answer.status, path).toBe(404)
      expect(answer.headers.get('Content-Type'), path).toBe('text/plain; charset=utf-8')
      expect(answer.text, path).toBe(`not found: ${path} (the mock serves /api/...)\n`)
    }
    expect(server.api.journal.entries.map((entry) => new URL(entry.url).pathname)).toEqual(['/api/workspaces'])
  })
})
