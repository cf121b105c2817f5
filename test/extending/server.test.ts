/**
 * The demo server with operations and fields of your own (`startMockServer({ operations, fields })`) over a
 * real socket: its sessions serve them, states it is given are checked against its fields, the console's
 * list and MCP's tools name them, `/api/docs` documents them, and `redefine` serves other ones.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { deleteWorkspace, z, type RecordFields } from '../../src/index.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'

const fields: RecordFields = { application: { status: { schema: z.enum(['active', 'paused']), build: () => 'active' } } }
let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'demo', operations: [deleteWorkspace], fields })
})
afterAll(() => server.close())

const headers = (principal: { apiKey: string; apiSecret: string }) => ({ 'X-API-Key': principal.apiKey, 'X-API-Secret': principal.apiSecret })
const json = (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, { method, headers: { 'Content-Type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })

describe('sessions and states', () => {
  test("a session serves the operations and fields; deleting in it leaves the base state's data", async () => {
    const session = await (await json('POST', '/__admin/sessions')).json()
    const [workspace] = server.api.db.workspaces.all()
    const deleted = await fetch(`${server.url}/api/workspaces/${workspace!.id}`, { method: 'DELETE', headers: headers(session) })
    expect(deleted.status).toBe(204)
    expect(server.api.db.workspaces.all().some((w) => w.id === workspace!.id)).toBe(true)
    const page = await fetch(`${server.url}/api/applications`, { headers: { ...headers(server.api.credentials), 'X-Workspace-ID': workspace!.id } })
    expect((await page.json()).data[0].status).toBe('active')
  })

  test('a state uploaded without the fields gets them built; a value the field refuses is a 422 naming it', async () => {
    const state = server.api.snapshot()
    const plain = { ...state, applications: state.applications.map(({ status: _, ...rest }: Record<string, unknown>) => rest) }
    expect((await json('POST', '/__admin/state', plain)).status).toBe(200)
    expect(server.api.db.applications.all().every((a) => (a as unknown as { status: string }).status === 'active')).toBe(true)
    const bad = structuredClone(state)
    ;(bad.applications[1] as unknown as { status: string }).status = 'gone'
    const refused = await json('POST', '/__admin/state', bad)
    expect(refused.status).toBe(422)
    expect((await refused.json()).errors[0]).toMatchObject({ location: 'body.applications[1].status' })
    const session = await json('POST', '/__admin/sessions', { state: bad })
    expect((await session.json()).errors[0]).toMatchObject({ location: 'body.state.applications[1].status' })
  })
})

describe('lists and documents', () => {
  test("the console's info lists the operation; /api/docs documents it", async () => {
    const info = await (await fetch(`${server.url}/__admin/info`)).json()
    expect(info.operations).toContainEqual({ name: 'deleteWorkspace', method: 'DELETE', path: '/api/workspaces/{workspaceId}', kind: 'preset' })
    const page = await (await fetch(`${server.url}/api/docs`, { headers: { Accept: 'text/html' } })).text()
    expect(page).toContain('"operationId":"deleteWorkspace"')
  })

  test("MCP's journal query takes the operation's name, and its OpenAPI resource has it", async () => {
    const client = new Client({ name: 'test', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/__admin/mcp`)))
    try {
      const { tools } = await client.listTools()
      const query = tools.find((tool) => tool.name === 'query_journal')!
      expect((query.inputSchema.properties!.operation as { enum: string[] }).enum).toContain('deleteWorkspace')
      await fetch(`${server.url}/api/workspaces/wse_0`, { method: 'DELETE', headers: headers(server.api.credentials) })
      const result = (await client.callTool({ name: 'query_journal', arguments: { operation: 'deleteWorkspace' } })) as { content: Array<{ text: string }> }
      expect(JSON.parse(result.content[0]!.text).entries.at(-1)).toMatchObject({ operation: 'deleteWorkspace', status: 404 })
      const resource = await client.readResource({ uri: 'openapi://workspace-api-mock/openapi.json' })
      expect(JSON.parse((resource.contents[0] as { text: string }).text).paths['/api/workspaces/{workspaceId}'].delete.operationId).toBe('deleteWorkspace')
    } finally {
      await client.close()
    }
  })
})

test('redefine: other operations and fields from now on, over the base state; sessions end', async () => {
  const session = await (await json('POST', '/__admin/sessions')).json()
  const before = server.api.snapshot()
  await server.redefine({ operations: [], fields: { workspace: { tier: { schema: z.string(), build: () => 'free' } } } })
  const [workspace] = server.api.db.workspaces.all()
  const own = headers(server.api.credentials)
  expect((await fetch(`${server.url}/api/workspaces/${workspace!.id}`, { method: 'DELETE', headers: own })).status).toBe(405)
  expect((await (await fetch(`${server.url}/api/workspaces/${workspace!.id}`, { headers: own })).json()).data.tier).toBe('free')
  expect(server.api.snapshot().applications.map(({ status: _, ...rest }: Record<string, unknown>) => rest)).toEqual(
    before.applications.map(({ status: _, ...rest }: Record<string, unknown>) => rest),
  )
  expect((await fetch(`${server.url}/api/workspaces`, { headers: headers(session) })).status).toBe(401)
  await expect(server.redefine({ operations: [deleteWorkspace, deleteWorkspace] })).rejects.toThrow('another operation has this name')
  expect((await fetch(`${server.url}/api/workspaces`, { headers: own })).status).toBe(200)
})
