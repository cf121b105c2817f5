/**
 * Drift seen as it happens (docs/live.md): each answer of the service is compared with what the mock answers
 * to the same request, with verify's own checks. Against an identical service, nothing differs; each planted
 * change (a field added, a field's type changed, a status changed, a problem's shape changed) is found, in
 * the journal's `why.live.drift`, in `GET /__admin/drift` and MCP's `drift` tool, worded as verify's lines.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { startMockServer, type DriftEntry, type MockServer } from '../../src/node/index.ts'
import { checkLine } from '../../src/text/check-line.ts'
import { authOf, call } from '../server/http-helpers.ts'
import { tool } from '../server/mcp-helpers.ts'
import { jsonPlant, SERVICE, startService, type Plant, type Service } from './service.ts'

let service: Service
let mock: MockServer
let workspaceId: string
let applicationId: string
beforeAll(async () => {
  service = await startService()
  const operations = { listWorkspaces: 'live', getWorkspace: 'live', createWorkspace: 'live', listApplications: 'live', getApplication: 'shadow' } as const
  mock = await startMockServer({ port: 0, scenario: 'demo', seed: 1, live: { target: service.url, credentials: SERVICE, operations } })
  const [workspace] = mock.api.db.workspaces.all()
  workspaceId = workspace!.id
  applicationId = mock.api.db.applications.findFirst((q) => q.where({ workspace: workspaceId }))!.id
})
afterAll(async () => {
  await mock?.close()
  await service?.close()
})
beforeEach(async () => {
  service.plant = undefined
  await call(mock.url, '/__admin/reset', { method: 'POST' })
})

/** The requests a UI would send: reads of every kind, a missing record, refused inputs (which write nothing). */
async function work(): Promise<void> {
  const auth = authOf(mock.api.credentials)
  const scoped = { ...auth, 'X-Workspace-ID': workspaceId }
  const requests: Array<[string, RequestInit['method'], Record<string, string>, string?]> = [
    ['/api/workspaces', 'GET', auth],
    [`/api/workspaces/${workspaceId}`, 'GET', auth],
    [`/api/workspaces/wse_${'0'.repeat(32)}`, 'GET', auth],
    ['/api/workspaces', 'POST', { ...auth, 'Content-Type': 'application/json' }, '{"name":""}'],
    ['/api/applications?page_size=10', 'GET', scoped],
    ['/api/applications?page_size=abc', 'GET', scoped],
    [`/api/applications/${applicationId}`, 'GET', scoped],
  ]
  for (const [path, method, headers, body] of requests) await fetch(`${mock.url}${path}`, { method, headers, body })
  // The shadow request's answer is compared when it comes.
  await expect.poll(async () => ((await call(mock.url, '/__admin/journal')).body.entries as any[]).at(-1).why.live.status).toBeDefined()
}

async function driftIds(): Promise<string[]> {
  const { drift } = (await call(mock.url, '/__admin/drift')).body as { drift: DriftEntry[] }
  return drift.map((entry) => entry.id).sort()
}

test('an identical service: every answer compared, nothing differs', async () => {
  await work()
  const entries = (await call(mock.url, '/__admin/journal')).body.entries as any[]
  expect(entries).toHaveLength(7)
  for (const entry of entries) expect(entry.why.live, entry.url).toMatchObject({ status: entry.status, drift: [] })
  expect(await driftIds()).toEqual([])
})

const PLANTS: Array<{ name: string; plant: Plant; found: string[] }> = [
  {
    name: 'a field added: applications carry "status"',
    plant: jsonPlant(/^\/api\/applications/, (body) => {
      for (const record of [body.data].flat()) if (record && typeof record === 'object' && 'id' in record) record.status = 'active'
    }),
    found: ['getApplication.field-types', 'getApplication.fields', 'getApplication.schema', 'listApplications.field-types', 'listApplications.fields', 'listApplications.schema'],
  },
  {
    name: "a field's type changed: a workspace's created is a string",
    plant: jsonPlant(/^\/api\/workspaces/, (body) => {
      for (const record of [body.data ?? []].flat()) record.created = String(record.created)
    }),
    found: ['getWorkspace.field-types', 'getWorkspace.schema', 'getWorkspace.timestamps', 'listWorkspaces.field-types', 'listWorkspaces.schema', 'listWorkspaces.timestamps'],
  },
  {
    name: 'a status changed: a workspace that is not there is 410 Gone',
    plant: (path, answer) => (answer.status === 404 && path.startsWith('/api/workspaces/') ? { ...answer, status: 410 } : answer),
    found: ['getWorkspace.declared', 'getWorkspace.status'],
  },
  {
    name: "a problem's shape changed: no $schema, and a code of its own",
    plant: jsonPlant(/^\/api\//, (body) => {
      if (body.title === undefined) return
      delete body.$schema
      body.code = `E${body.status}`
    }),
    found: [
      'createWorkspace.$schema',
      'createWorkspace.problem-members',
      'createWorkspace.schema',
      'getWorkspace.$schema',
      'getWorkspace.problem-members',
      'getWorkspace.schema',
      'listApplications.$schema',
      'listApplications.problem-members',
      'listApplications.schema',
    ],
  },
]

test.each(PLANTS)('$name: found, and nothing else', async ({ plant, found }) => {
  service.plant = plant
  await work()
  expect(await driftIds()).toEqual(found)
})

test("a drift entry is a check of verify's: its line, its topic; the journal's entry holds it, and MCP lists it", async () => {
  service.plant = PLANTS[0]!.plant
  await work()
  const { drift } = (await call(mock.url, '/__admin/drift')).body as { drift: DriftEntry[] }
  const fields = drift.find((entry) => entry.id === 'listApplications.fields')!
  expect(fields).toMatchObject({
    topic: 'Record fields',
    request: { method: 'GET', path: '/api/applications?page_size=10' },
    verdict: 'differs',
    operation: 'listApplications',
    aspect: 'fields',
    mode: 'live',
    count: 1,
  })
  expect(fields.observed).toContain(',status,')
  expect(checkLine(fields)).toMatch(/^differs {6}listApplications\.fields {23,}GET \/api\/applications\?page_size=10 {2}expected …\S+, observed …\S+,status,\S+ {2}\[Record fields\]$/)
  const entry = ((await call(mock.url, '/__admin/journal')).body.entries as any[]).find((found) => found.operation === 'listApplications' && found.status === 200)
  expect(entry.why.live.drift.map((found: DriftEntry) => found.id).sort()).toEqual(['listApplications.field-types', 'listApplications.fields', 'listApplications.schema'])
  // Seen again: once in the list, counted.
  await fetch(`${mock.url}/api/applications?page_size=10`, { headers: { ...authOf(mock.api.credentials), 'X-Workspace-ID': workspaceId } })
  expect(mock.api.drift.filter((found) => found.id === 'listApplications.fields')).toMatchObject([{ count: 2 }])
  const client = new Client({ name: 'drift-test', version: '1' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${mock.url}/__admin/mcp`)))
  try {
    expect((await tool(client, 'drift')).drift.map((found: DriftEntry) => found.id)).toEqual(mock.api.drift.map((found) => found.id))
  } finally {
    await client.close()
  }
})
