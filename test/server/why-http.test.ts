/**
 * `why` over HTTP: requests to the demo server over a real socket, and their `why` read back through
 * `/__admin/journal`, `/__admin/journal/{seq}`, the console's event stream and MCP's `query_journal` (the
 * SDK's own client). test/testkit/why.test.ts holds every kind in-process.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { authOf, call, eventStream, expectJson } from './http-helpers.ts'

let server: MockServer
let mcp: Client

beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'multi-tenant', seed: 5, strict: false })
  mcp = new Client({ name: 'why-test', version: '1' })
  await mcp.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/__admin/mcp`)))
})
afterAll(async () => {
  await mcp?.close()
  await server?.close()
})

test('each kind reads the same over HTTP: lookup, validation, authentication, fault, route, operation', async () => {
  const [me, other] = server.api.principals
  const theirs = server.api.db.workspaces.findFirst((q) => q.where({ organization: other!.organization }))!
  const mine = server.api.db.workspaces.findFirst((q) => q.where({ organization: me!.organization }))!
  const auth = authOf(me!)
  expect((await call(server.url, `/api/workspaces/${theirs.id}`, { headers: auth })).status).toBe(404)
  expect((await call(server.url, '/api/applications?page_size=5', { headers: { ...auth, 'X-Workspace-ID': mine.id } })).status).toBe(422)
  expect((await call(server.url, '/api/workspaces', { headers: { ...auth, 'X-API-Secret': 'wrong' } })).status).toBe(401)
  const fault = expectJson(await call(server.url, '/__admin/faults', { json: { type: 'fail', target: 'listWorkspaces', status: 503, times: 1 } }), 201)
  expect((await call(server.url, '/api/workspaces', { headers: auth })).status).toBe(503)
  expect((await call(server.url, '/api/nowhere', { headers: auth })).status).toBe(404)
  expect((await call(server.url, '/api/workspaces', { headers: auth })).status).toBe(200)

  const { entries } = expectJson(await call(server.url, '/__admin/journal'))
  expect(entries.slice(-6).map((entry: { why: { decision: unknown } }) => entry.why.decision)).toEqual([
    { kind: 'lookup', collection: 'workspaces', id: theirs.id, reason: 'other-organization' },
    { kind: 'validation', problems: [{ message: 'expected number >= 10', location: 'query.page_size', value: '5' }], count: 1 },
    { kind: 'authentication' },
    { kind: 'fault', fault: { id: fault.id, type: 'fail', target: 'listWorkspaces', status: 503, detail: 'injected fault: 503', times: 1 } },
    { kind: 'route' },
    { kind: 'operation' },
  ])
  const refused = entries.at(-4)
  expect(refused.why.caller).toEqual({ kind: 'refused', reason: 'secret-mismatch', account: me!.account })
  const listed = entries.at(-1)
  expect(listed.why).toMatchObject({
    route: { kind: 'operation', operation: 'listWorkspaces' },
    caller: { kind: 'authenticated', account: me!.account, organization: me!.organization },
    read: [{ collection: 'workspaces', count: expect.any(Number) }],
  })

  // One entry by its number, with both bodies.
  const one = expectJson(await call(server.url, `/__admin/journal/${listed.seq}`))
  expect(one).toEqual(listed)
  expect(one.responseBody).toMatchObject({ success: true })
  expect((await call(server.url, '/__admin/journal/999999')).status).toBe(404)

  // MCP: the same entries, filtered by a part of `why`.
  const result = (await mcp.callTool({ name: 'query_journal', arguments: { why: { decision: { kind: 'lookup', reason: 'other-organization' } } } })) as {
    content: Array<{ text: string }>
  }
  const found = JSON.parse(result.content[0]!.text).entries
  expect(found.map((entry: { seq: number }) => entry.seq)).toEqual([entries.at(-6).seq])
  const refusal = (await mcp.callTool({ name: 'query_journal', arguments: { why: 'lookup' } })) as { isError?: boolean; content: Array<{ text: string }> }
  expect(refusal.isError).toBe(true)
  expect(refusal.content[0]!.text).toMatch(/why: expected an object/)

  // The console's log: every event carries its entry's number and why.
  const response = await fetch(`${server.url}/__admin/events`)
  const stream = eventStream(response)
  const history = await stream.next()
  expect(history!.event).toBe('history')
  const last = history!.data.at(-1)
  expect(last).toMatchObject({ seq: listed.seq, why: listed.why })
  await stream.cancel()
})
