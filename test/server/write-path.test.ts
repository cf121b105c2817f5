import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ScenarioState } from '../../src/index.ts'
import { buildScenario } from '../../src/index.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'

/**
 * The demo server writes kit-built replies itself (src/server/server.ts): one-chunk bodies in one write,
 * multi-chunk bodies joined into one buffer, bodies over 1 MiB as corked chunks. These tests hold every path to the bytes `api.handle` (the Fetch way) answers.
 */
describe('demo server write path', () => {
  let server: MockServer
  let state: ScenarioState
  const auth = () => ({ 'X-API-Key': server.api.credentials.apiKey, 'X-API-Secret': server.api.credentials.apiSecret })

  /** The same request through `api.handle` (Fetch objects, no socket): the reference answer. */
  const reference = async (path: string, headers: Record<string, string>) => {
    const response = await server.api.handle(new Request(`${server.url}${path}`, { headers }))
    return { status: response!.status, text: await response!.text(), headers: response!.headers }
  }

  beforeAll(async () => {
    // One organization with 1,600 workspaces (a list body over 1 MiB) and 40 x 250 applications.
    const base = buildScenario('scale:40x250', { seed: 3 })
    const [owner] = base.workspaces
    const extra = buildScenario('scale:1600x0', { seed: 4 }).workspaces.map((workspace) => ({
      ...workspace,
      organization: owner!.organization,
    }))
    state = { ...base, workspaces: [...base.workspaces, ...extra] }
    server = await startMockServer({ port: 0, state, strict: false })
  })
  afterAll(() => server.close())

  test('200 concurrent pages of different workspaces: every body is its own, byte for byte', async () => {
    const workspaces = state.workspaces.filter((w) => state.applications.some((a) => a.workspace === w.id))
    const requests = Array.from({ length: 200 }, (_, index) => {
      const workspace = workspaces[index % workspaces.length]!
      const page = 1 + (index % 3)
      return {
        path: `/api/applications?current_page=${page}&page_size=${index % 2 === 0 ? 100 : 37}`,
        headers: { ...auth(), 'X-Workspace-ID': workspace.id },
      }
    })
    const answers = await Promise.all(
      requests.map(async ({ path, headers }) => {
        const response = await fetch(`${server.url}${path}`, { headers })
        return { status: response.status, text: await response.text(), length: response.headers.get('Content-Length') }
      }),
    )
    for (const [index, { path, headers }] of requests.entries()) {
      const expected = await reference(path, headers)
      expect(answers[index]!.status).toBe(200)
      expect(answers[index]!.text).toBe(expected.text)
      expect(Number(answers[index]!.length)).toBe(Buffer.byteLength(expected.text))
    }
  })

  test('a list body over 1 MiB goes out whole and parses', async () => {
    const response = await fetch(`${server.url}/api/workspaces`, { headers: auth() })
    const text = await response.text()
    expect(response.status).toBe(200)
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024 * 1024)
    expect(Number(response.headers.get('Content-Length'))).toBe(Buffer.byteLength(text))
    expect(text).toBe((await reference('/api/workspaces', auth())).text)
    expect(JSON.parse(text).data.length).toBeGreaterThan(1600)
  })

  test('one-chunk bodies (a problem, an icon) arrive with their exact length', async () => {
    const missing = await fetch(`${server.url}/api/workspaces/wse_missing`, { headers: auth() })
    const problem = await missing.text()
    expect(missing.status).toBe(404)
    expect(missing.headers.get('Content-Type')).toBe('application/problem+json')
    expect(Number(missing.headers.get('Content-Length'))).toBe(Buffer.byteLength(problem))
    expect(JSON.parse(problem)).toMatchObject({ status: 404, title: 'Not Found' })

    const iconUrl = state.workspaces[0]!.icons.small
    const icon = await fetch(iconUrl.replace(/^https?:\/\/[^/]+/, server.url))
    const bytes = new Uint8Array(await icon.arrayBuffer())
    expect(icon.status).toBe(200)
    expect(Number(icon.headers.get('Content-Length'))).toBe(bytes.length)
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('RIFF')
  })

  test('HEAD (405 by the decisions table) gets the problem headers and no body', async () => {
    const path = `/api/applications?page_size=50`
    const headers = { ...auth(), 'X-Workspace-ID': state.applications[0]!.workspace }
    const raw = await rawRequest(server.url, 'HEAD', path, headers)
    const expected = await server.api.handle(new Request(`${server.url}${path}`, { method: 'HEAD', headers }))
    expect(raw.status).toBe(405)
    expect(raw.headers.allow).toBe('GET, OPTIONS')
    expect(raw.headers['content-length']).toBe(expected!.headers.get('Content-Length'))
    expect(raw.body).toHaveLength(0)
  })

  test('headers are read as Fetch reads them: a repeated X-API-Key is joined, so it no longer matches', async () => {
    const { apiKey, apiSecret } = server.api.credentials
    const once = await rawRequest(server.url, 'GET', '/api/workspaces', [
      ['X-API-Key', apiKey],
      ['X-API-Secret', apiSecret],
    ])
    expect(once.status).toBe(200)
    // Written synchronously, before node has seen the end of the request: the connection stays open.
    expect(once.headers.connection).toBe('keep-alive')
    const twice = await rawRequest(server.url, 'GET', '/api/workspaces', [
      ['X-API-Key', apiKey],
      ['x-api-key', apiKey],
      ['X-API-Secret', apiSecret],
    ])
    expect(twice.status).toBe(401)
    const viaFetch = await server.api.handle(
      new Request(`${server.url}/api/workspaces`, {
        headers: [
          ['X-API-Key', apiKey],
          ['x-api-key', apiKey],
          ['X-API-Secret', apiSecret],
        ],
      }),
    )
    expect(viaFetch!.status).toBe(401)
    const entry = server.api.journal.last({ status: 401 })!
    expect(entry.headers['x-api-key']).toBe(`${apiKey}, ${apiKey}`)
    expect(entry.headers['x-api-secret']).toBe('[redacted]')
  })
})

/** A request with exactly these header lines (fetch would merge or refuse some), and what came back. */
function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> | [string, string][],
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  // An array of header lines is sent as it is: Host too must be given.
  const lines = [['Host', new URL(base).host], ...(Array.isArray(headers) ? headers : Object.entries(headers))].flat()
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers: lines }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}
