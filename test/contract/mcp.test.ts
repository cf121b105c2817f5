/**
 * MCP's consumer_contract tool, through the SDK's own client at `/__admin/mcp`: the pact of what the
 * server's journal (or a session's) holds, the one `pactOf` writes from `GET /__admin/journal` with the
 * server's OpenAPI document and its scenario and seed; a name that cannot go into a pact is a tool error.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { pactOf } from '../../src/contract/pact.ts'
import { startMockServer, type MockServer } from '../../src/server/server.ts'
import { authOf, call } from '../server/http-helpers.ts'
import { tool, toolError } from '../server/mcp-helpers.ts'

const TOKEN = 'contract-test-token-0123456789'
const admin = { Authorization: `Bearer ${TOKEN}` }
let server: MockServer
let client: Client

beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'multi-tenant', seed: 3, adminToken: TOKEN })
  client = new Client({ name: 'contract-test', version: '1' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/__admin/mcp`), { requestInit: { headers: admin } }))
})
afterAll(async () => {
  await client?.close()
  await server?.close()
})

test('consumer_contract answers the pact of the journal: the one pactOf writes from GET /__admin/journal and the served document', async () => {
  const [me, other] = server.api.principals
  const mine = (await call(server.url, '/api/workspaces', { headers: authOf(me!) })).body.data[0].id
  const theirs = (await call(server.url, '/api/workspaces', { headers: authOf(other!) })).body.data[0].id
  expect((await call(server.url, `/api/workspaces/${theirs}`, { headers: authOf(me!) })).status).toBe(404)
  expect((await call(server.url, '/api/applications?page_size=10', { headers: { ...authOf(me!), 'X-Workspace-ID': mine } })).status).toBe(200)
  expect((await call(server.url, '/api/workspaces')).status).toBe(401)

  const pact = await tool(client, 'consumer_contract', { consumer: 'agent-app', provider: 'workspace-api' })
  const { entries } = (await call(server.url, '/__admin/journal', { headers: admin })).body
  const openapi = (await call(server.url, '/api/openapi.json')).body
  expect(pact).toEqual(JSON.parse(JSON.stringify(pactOf({ exchanges: entries, mocks: [{ scenario: 'multi-tenant', seed: 3 }], consumer: 'agent-app', provider: 'workspace-api', openapi }))))
  expect(pact.interactions.map((one: { description: string }) => one.description)).toEqual([
    'List applications: 200 OK (query page_size)',
    'List workspaces: 200 OK',
    'List workspaces: 401 Unauthorized, without X-API-Key and X-API-Secret',
    'Get workspace: 404 Not Found, workspace of another organization',
  ].sort())
  const text = JSON.stringify(pact)
  for (const principal of server.api.principals) expect(text).not.toContain(principal.apiSecret)
  for (const principal of server.api.principals) expect(text).not.toContain(principal.apiKey)
})

test("a session's journal is its own; a name a pact cannot hold is the tool's error", async () => {
  const session = (await call(server.url, '/__admin/sessions', { method: 'POST', headers: admin })).body
  expect((await call(server.url, '/api/workspaces', { headers: authOf(session) })).status).toBe(200)
  const pact = await tool(client, 'consumer_contract', { session: session.id })
  expect(pact).toMatchObject({ consumer: { name: 'workspace-api-consumer' }, provider: { name: 'workspace-api' } })
  expect(pact.interactions.map((one: { description: string }) => one.description)).toEqual(['List workspaces: 200 OK'])
  expect(await toolError(client, 'consumer_contract', { consumer: ' spaced ', provider: '' })).toBe(
    [
      '422 validation failed',
      'consumer: expected 1 to 200 printable ASCII characters, without spaces at either end',
      'provider: expected 1 to 200 printable ASCII characters, without spaces at either end',
    ].join('\n'),
  )
})
