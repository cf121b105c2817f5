/**
 * The router's own answers (src/server/http/router.ts): a request that races the scenario's build gets a 503
 * problem like every other error, and the table sends each kind of request to its handler.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
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
