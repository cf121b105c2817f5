/**
 * MCP (src/server/mcp/) over Streamable HTTP: the SDK's own client at `/__admin/mcp` of an in-process server
 * with an admin token lists the tools and drives a scenario end to end; bad input gets the admin routes'
 * messages as tool errors; sessions stay apart; the admin's protections hold. Over stdio: mcp-stdio.test.ts.
 */
import { readFileSync } from 'node:fs'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startMockServer, type MockServer } from '../../src/server/server.ts'
import { authOf, call, rawExchange } from './http-helpers.ts'
import { endToEnd, tool, toolError } from './mcp-helpers.ts'

const TOKEN = 'mcp-test-token-0123456789'
let server: MockServer
let http: Client

beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'demo', adminToken: TOKEN })
  http = await connectHttp({ Authorization: `Bearer ${TOKEN}` })
})
afterAll(async () => {
  await http?.close()
  await server?.close()
})

async function connectHttp(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/__admin/mcp`), { requestInit: { headers } }))
  return client
}

describe('over Streamable HTTP at /__admin/mcp', () => {
  test('lists the tools with their input schemas, and drives a session end to end', async () => {
    const { tools } = await http.listTools()
    const addFault = tools.find((t) => t.name === 'add_fault')!
    expect(addFault.inputSchema).toMatchObject({
      type: 'object',
      required: ['fault'],
      properties: { session: { type: 'string' }, fault: { type: 'object', required: ['type'] } },
    })
    await endToEnd(http, server.url)
  })

  test('the resources: the OpenAPI document and docs/spec-decisions.md', async () => {
    const { resources } = await http.listResources()
    expect(resources.map((r) => r.name).sort()).toEqual(['decisions', 'openapi'])
    const openapi = await http.readResource({ uri: 'openapi://workspace-api-mock/openapi.json' })
    expect(JSON.parse((openapi.contents[0] as { text: string }).text)).toMatchObject({ openapi: '3.1.0', servers: [{ url: server.url }] })
    const decisions = await http.readResource({ uri: 'docs://workspace-api-mock/decisions.md' })
    expect((decisions.contents[0] as { text: string }).text).toBe(readFileSync(new URL('../../docs/spec-decisions.md', import.meta.url), 'utf8'))
  })

  test('bad input: tool errors with the admin routes\' own messages', async () => {
    const fault = { type: 'latency', latency: -5 }
    const problem = (await call(server.url, '/__admin/faults', { json: fault, headers: { Authorization: `Bearer ${TOKEN}` } })).body
    expect(await toolError(http, 'add_fault', { fault })).toBe(
      [`422 ${problem.detail}`, ...problem.errors.map((e: any) => `${e.location}: ${e.message}`)].join('\n'),
    )
    expect(await toolError(http, 'end_session', { session: 'nope' })).toMatch(/^404 no session nope: it was deleted, or expired after/)
    expect(await toolError(http, 'create_session', { scenario: 'nope' })).toMatch(/^422 /)
    const typo = (await call(server.url, '/__admin/sessions', { json: { scenaro: 'demo' }, headers: { Authorization: `Bearer ${TOKEN}` } })).body
    expect(await toolError(http, 'create_session', { scenaro: 'demo' })).toBe(`422 ${typo.detail}\n${typo.errors[0].location}: ${typo.errors[0].message}`)
    expect(await toolError(http, 'load_state', { state: { accounts: [] } })).toMatch(/^422 /)
    expect(await toolError(http, 'clear_faults', { id: 999 })).toBe('404 no fault 999')
    expect(await toolError(http, 'query_journal', { operation: 'nope', status: 99 })).toMatch(
      /^422 validation failed\noperation: no operation "nope": one of [^\n]+\nstatus: expected an integer from 100 to 599$/,
    )
  })

  test('sessions stay apart: no input reaches another session or the base state', async () => {
    const a = await tool(http, 'create_session', {})
    const b = await tool(http, 'create_session', {})
    await tool(http, 'add_fault', { session: a.id, fault: { type: 'fail', status: 503 } })
    expect((await call(server.url, '/api/workspaces', { headers: authOf(a) })).status).toBe(503)
    expect((await call(server.url, '/api/workspaces', { headers: authOf(b) })).status).toBe(200)
    expect((await call(server.url, '/api/workspaces', { headers: authOf(server.api.credentials) })).status).toBe(200)
    const base = (await tool(http, 'query_journal', {})).entries.length
    expect(base).toBeGreaterThan(0)
    for (const session of ['..', '.', `${a.id}/../..`, `${b.id}/reset`, '%2e%2e']) {
      expect(await toolError(http, 'reset', { session })).toBe(`404 no session ${encodeURIComponent(session)}: it was deleted, or expired after 30 minutes without requests`)
    }
    for (const session of ['', 7, null]) {
      expect(await toolError(http, 'reset', { session })).toBe('422 validation failed\nsession: expected a session id (create_session answers one)')
    }
    expect((await tool(http, 'list_sessions')).sessions).toHaveLength(2)
    expect((await tool(http, 'query_journal', {})).entries.length).toBe(base)
    expect((await tool(http, 'list_faults', { session: b.id })).faults).toEqual([])
    // A state for session a that names b's key: a keeps its own credentials, b's key still selects b.
    const state = await tool(http, 'snapshot', { session: a.id })
    state.accounts[0].apiKey = b.apiKey
    await tool(http, 'load_state', { session: a.id, state })
    expect((await tool(http, 'principals', { session: a.id })).principals[0].apiKey).toBe(a.apiKey)
    await tool(http, 'clear_faults', { session: a.id })
    expect((await call(server.url, '/api/workspaces', { headers: authOf(b) })).status).toBe(200)
    expect((await tool(http, 'query_journal', { session: b.id })).entries).toHaveLength(2)
    // The same state for the base state: refused (a key selects one mock, and b's is b's).
    expect(await toolError(http, 'load_state', { state })).toMatch(new RegExp(`^422 .*already the API key of session ${b.id}`))
    await tool(http, 'end_session', { session: a.id })
    await tool(http, 'end_session', { session: b.id })
  })

  test('the admin\'s protections: the token, the Host check, no other origin', async () => {
    await expect(connectHttp({})).rejects.toThrow(/401|admin token/)
    const port = new URL(server.url).port
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
    const request = (headers: string) =>
      rawExchange(
        server.url,
        `POST /__admin/mcp HTTP/1.1\r\n${headers}Authorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\n` +
          `Accept: application/json, text/event-stream\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      )
    expect((await request(`Host: evil.example:${port}\r\n`)).status).toBe(403)
    expect((await request(`Host: 127.0.0.1:${port}\r\nOrigin: http://evil.example\r\n`)).status).toBe(403)
    const ok = await request(`Host: 127.0.0.1:${port}\r\n`)
    expect(ok.status).toBe(200)
    expect(ok.header('access-control-allow-origin')).toBeUndefined()
  })
})
