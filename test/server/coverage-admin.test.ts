/**
 * Coverage of the demo server (`coverage: true`, `--coverage`): `GET /__admin/coverage` answers what the base
 * state answered and `/__admin/sessions/{id}/coverage` what a session did, each apart; `DELETE` takes and
 * clears it; a scenario switch is counted for the new scenario; a server without it says so (404); the MCP
 * tool `get_coverage` and a client's `session.coverage()` read the same documents.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connectMockServer } from '../../src/client/connect.ts'
import type { CoverageDocument } from '../../src/coverage/document.ts'
import { checkedCoverage } from '../../src/coverage/read.ts'
import { startMockServer, type MockServer } from '../../src/server/server.ts'
import { call, expectProblem } from './http-helpers.ts'
import { tool } from './mcp-helpers.ts'

const reached = (document: CoverageDocument) => Object.fromEntries(document.outcomes.filter((o) => o.count > 0).map((o) => [`${o.operation ?? '(routing)'} ${o.outcome}`, o.count]))

describe('a demo server with coverage', () => {
  let server: MockServer
  const auth = (credentials: { apiKey: string; apiSecret: string }) => ({ 'X-API-Key': credentials.apiKey, 'X-API-Secret': credentials.apiSecret })
  beforeAll(async () => {
    server = await startMockServer({ port: 0, scenario: 'demo', seed: 3, coverage: true })
  })
  afterAll(() => server?.close())

  test('the base state and each session count apart; DELETE takes and clears; a scenario switch counts for the new one', async () => {
    const session = await connectMockServer(server.url).sessions.create({ scenario: 'multi-tenant', seed: 8 })
    await call(server.url, '/api/workspaces', { headers: auth(server.api.credentials) })
    await call(server.url, '/api/workspaces', { headers: { 'X-API-Key': 'nobody', 'X-API-Secret': 'x' } })
    await call(server.url, '/api/workspaces', { headers: auth(session.credentials) })
    await call(server.url, '/api/workspaces', { method: 'POST', json: { name: '' }, headers: auth(session.credentials) })

    expect((await call(server.url, '/__admin/info')).body.coverage).toBe(true)
    const base = (await call(server.url, '/__admin/coverage')).body as CoverageDocument
    expect(reached(base)).toEqual({ 'listWorkspaces 200': 1, 'listWorkspaces 401:unknown-key': 1 })
    expect(base.mocks).toEqual([{ scenario: 'demo', seed: 3, requests: 2 }])
    // The wire is the document's schema, key for key (strict objects).
    expect(checkedCoverage(base, 'GET coverage')).toEqual(base)
    const own = await session.coverage()
    expect(reached(own)).toEqual({ 'listWorkspaces 200': 1, 'createWorkspace 422:body.name': 1 })
    expect(own.mocks).toEqual([{ scenario: 'multi-tenant', seed: 8, requests: 2 }])
    expect(own.examples.map((example) => example.entry.headers['x-api-secret'])).toEqual(['[redacted]', '[redacted]'])
    expect(JSON.stringify(own)).not.toContain(session.credentials.apiSecret)

    const taken = (await call(server.url, `/__admin/sessions/${session.id}/coverage`, { method: 'DELETE', headers: auth(session.credentials) })).body as CoverageDocument
    expect(taken).toEqual(own)
    const after = await session.coverage()
    expect(after.requests).toBe(0)
    expect(after.summary.outcomes).toEqual({ reached: 0, total: 95 })

    expect((await call(server.url, '/__admin/scenario', { json: { scenario: 'empty', seed: 4 } })).status).toBe(200)
    await call(server.url, '/api/workspaces', { headers: auth(server.api.credentials) })
    const switched = (await call(server.url, '/__admin/coverage')).body as CoverageDocument
    expect(switched.mocks).toEqual([{ scenario: 'demo', seed: 3, requests: 2 }, { scenario: 'empty', seed: 4, requests: 1 }])
    await session.end()
  })

  test('the MCP tool get_coverage: the summary, the holes in words, the document', async () => {
    const client = new Client({ name: 'coverage-test', version: '1' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/__admin/mcp`)))
    try {
      const answer = await tool(client, 'get_coverage')
      const document = (await call(server.url, '/__admin/coverage')).body as CoverageDocument
      expect(answer).toEqual({ summary: expect.stringMatching(/^API coverage: 1 of 6 operations, 2 of 95 outcomes/), holes: document.summary.holes, document })
    } finally {
      await client.close()
    }
  })
})

test('a demo server without coverage says so: its info, and a 404 naming the flag', async () => {
  const server = await startMockServer({ port: 0, coverage: false })
  try {
    expect((await call(server.url, '/__admin/info')).body.coverage).toBe(false)
    expectProblem(await call(server.url, '/__admin/coverage'), 404, server.url, 'coverage is off: start the server with --coverage (or WORKSPACE_API_MOCK_COVERAGE=1)')
  } finally {
    await server.close()
  }
})
