/**
 * docs/extending.md's walk, run: the service gains `DELETE /api/workspaces/{workspaceId}` and an
 * application `status` (the demo server behind a proxy that adds both); `verify` reports the two and nothing
 * else; with the page's operations module (examples/extending/api-changes.ts) nothing differs, writes
 * included. The automatic path: `--operations-out` writes the module the page shows, and with it nothing
 * differs either. The commands are the page's, line for line.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { defineOperation, deleteWorkspace, startMockServer, withCredentials, z, type MockServer } from '../../src/node/index.ts'
import { forward, problem, startProxy, type ProxyAnswer } from './deviant-proxy.ts'
import { verifyInProcess } from './in-process.ts'

const DOCUMENTED = `
npx workspace-api-mock verify --target https://staging.example.com --api-key "$API_KEY" --api-secret "$API_SECRET"
npx workspace-api-mock verify --target https://staging.example.com --api-key "$API_KEY" --api-secret "$API_SECRET" --operations ./api-changes.ts --write
npx workspace-api-mock verify --target https://staging.example.com --api-key "$API_KEY" --api-secret "$API_SECRET" --operations-out ./api-changes.ts
`
// What the page shows verify print, line for line: the two changes, found, then nothing differing.
const REPORTED = `
differs      paging.defaults.schema                           GET /api/applications  expected fits PagingResponseListApplicationBody, observed PagingResponseListApplicationBody: data.0 Unrecognized key: "status"  [Record fields]
differs      paging.defaults.fields                           GET /api/applications  added status; missing none  [Record fields]
differs      applications.get.schema                          GET /api/applications/app_5202bd1f8d3eb31b302f25ca2c59bc90  expected fits SuccessResponseApplicationBody, observed SuccessResponseApplicationBody: data Unrecognized key: "status"  [Record fields]
differs      applications.get.fields                          GET /api/applications/app_5202bd1f8d3eb31b302f25ca2c59bc90  added status; missing none  [Record fields]
differs      methods.delete.status                            DELETE /api/workspaces/wse_00000000000000000000000000000000  expected 405, observed 404  [Other paths and methods]
differs      methods.delete.allow                             DELETE /api/workspaces/wse_00000000000000000000000000000000  expected GET, PUT, OPTIONS, observed (absent)  [Other paths and methods]
127 checks covering 22 decision topics: 121 same, 6 differ, 0 not observed; score 95.3
`
// The module the page shows verify write for the two changes (its header comment aside).
const GENERATED = `
import { defineOperation, z, type RecordFields } from 'workspace-api-mock'

export const fields = {
  workspace: {
    // workspace-api-mock: new workspace fields go above this line
  },
  application: {
    /**
     * application.status: in 146 of the 146 applications the service answered (GET /api/applications,
     * GET /api/applications?page_size=100); "active" 79 times, "paused" 67 times.
     */
    status: {
      schema: z.enum(['active', 'paused']),
      build: ({ faker }) => faker.helpers.arrayElement(['active', 'paused']),
    },
    // workspace-api-mock: new application fields go above this line
  },
} satisfies RecordFields

/**
 * DELETE /api/workspaces/{workspaceId}: answered 404 to DELETE /api/workspaces/wse_00000000000000000000000000000000,
 * where the mock had no such route.
 */
export const deleteWorkspace = defineOperation({
  name: 'deleteWorkspace',
  method: 'DELETE',
  path: '/api/workspaces/{workspaceId}',
  params: { workspaceId: z.string().min(1).max(36) },
  statuses: [404],
  run: ({ params, workspaces }) => workspaces.delete(workspaces.get(params.workspaceId)),
})

// workspace-api-mock: new operations go above this line

export default [
  deleteWorkspace,
  // workspace-api-mock: new operations are listed above this line
] as const
`
const PASSED = `
162 checks covering 25 decision topics: 162 same, 0 differ, 0 not observed; score 100
`
const KEY = 'changed-key'
const SECRET = 'changed-secret'
let server: MockServer
let service: Awaited<ReturnType<typeof startProxy>>

/** The service, changed: DELETE of a workspace it shows is 204 (then it is gone); applications carry `status`. */
async function changed(upstream: string, deleted: Set<string>, request: IncomingMessage, origin: string): Promise<ProxyAnswer> {
  const path = new URL(request.url!, upstream).pathname
  const workspace = /^\/api\/workspaces\/([^/]+)$/.exec(path)?.[1]
  if (workspace !== undefined && deleted.has(workspace)) return problem(origin, 404, `workspace ${workspace} not found`)
  if (request.method === 'DELETE' && workspace !== undefined) {
    const found = await forward(upstream, request, origin, 'GET')
    if (found.status !== 200) return found
    deleted.add(workspace)
    return { status: 204, headers: {}, body: '' }
  }
  const answer = await forward(upstream, request, origin)
  if (!path.startsWith('/api/applications') || !answer.headers['content-type']?.startsWith('application/json')) return answer
  const envelope = JSON.parse(answer.body) as { data: Record<string, unknown> | Array<Record<string, unknown>> }
  for (const record of [envelope.data].flat()) record.status = String(record.id).charCodeAt(5) % 2 === 0 ? 'active' : 'paused'
  return { ...answer, body: JSON.stringify(envelope) }
}

beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: withCredentials('demo', { apiKey: KEY, apiSecret: SECRET }) })
  const deleted = new Set<string>()
  service = await startProxy((request, origin) => changed(server.url, deleted, request, origin))
})
afterAll(async () => {
  await service?.close()
  await server?.close()
})

/** A documented line as arguments: this service and principal, the module (the page's by default), no rate limit. */
function argsOf(index: number, module = 'examples/extending/api-changes.ts'): string[] {
  const line = DOCUMENTED.trim().split('\n')[index]!
  const words = line.replace('npx workspace-api-mock ', '').replace('https://staging.example.com', service.url).replace('"$API_KEY"', KEY).replace('"$API_SECRET"', SECRET).split(' ')
  return [...words.map((word) => (word === './api-changes.ts' ? module : word)), '--rate', '1000']
}

const lines = (text: string) => text.trim().split('\n')

test('verify reports the new operation and the new field, and nothing else; with the module, nothing differs', { timeout: 60_000 }, async () => {
  const before = await verifyInProcess(argsOf(0))
  expect(before.stderr).toBe('')
  expect(before.code).toBe(1)
  const reported = lines(before.stdout).filter((line) => !line.startsWith('same '))
  expect(reported).toEqual(lines(REPORTED))
  const after = await verifyInProcess(argsOf(1))
  expect(after.stderr).toBe('')
  expect(after.code).toBe(0)
  expect(lines(after.stdout).filter((line) => line.startsWith('differs'))).toEqual([])
  expect(lines(after.stdout).at(-1)).toBe(lines(PASSED)[0])
  expect(after.stdout).toMatch(/^same {9}own\.deleteWorkspace\.unknown-id\.status +DELETE \/api\/workspaces\/wse_0{32}  404  \[Path identifiers\]$/m)
})

test('--unshown-operations judges with presets, without a module: a service that deletes workspaces as the preset does differs in nothing', { timeout: 60_000 }, async () => {
  const deleting = await startMockServer({ port: 0, scenario: withCredentials('demo', { apiKey: KEY, apiSecret: SECRET }), operations: [deleteWorkspace] })
  try {
    const args = ['--target', deleting.url, '--api-key', KEY, '--api-secret', SECRET, '--rate', '1000']
    const plain = await verifyInProcess(args)
    expect(lines(plain.stdout).filter((line) => line.startsWith('differs')).map((line) => line.split(/\s+/)[1])).toEqual(['methods.delete.status', 'methods.delete.allow'])
    const judged = await verifyInProcess([...args, '--unshown-operations', 'deleteWorkspace'])
    expect(judged.stderr).toBe('')
    expect(lines(judged.stdout).filter((line) => line.startsWith('differs'))).toEqual([])
    expect(judged.code).toBe(0)
  } finally {
    await deleting.close()
  }
})

test("lists of names that differ say what was added and what is missing, whole, before anything is cut: a report of the service's own, a preset it lacks", { timeout: 60_000 }, async () => {
  const getReport = defineOperation({
    name: 'getReport',
    method: 'GET',
    path: '/api/reports/{reportId}',
    params: { reportId: z.string().max(36) },
    response: { shape: 'item', record: { name: 'Report', schema: z.object({ id: z.string() }) } },
    run: ({ params }) => ({ id: params.reportId }),
  })
  const reporting = await startMockServer({ port: 0, scenario: withCredentials('demo', { apiKey: KEY, apiSecret: SECRET }), operations: [getReport] })
  const folder = mkdtempSync(join(tmpdir(), 'wam-verify-names-'))
  try {
    const report = join(folder, 'report.json')
    const run = await verifyInProcess(['--target', reporting.url, '--api-key', KEY, '--api-secret', SECRET, '--rate', '1000', '--unshown-operations', 'createApplication', '--report', report])
    const line = lines(run.stdout).find((text) => text.startsWith('differs      openapi.json.component-names'))
    expect(line).toBe('differs      openapi.json.component-names                     GET /api/openapi.json  added Report, SuccessResponseReportBody; missing CreateApplicationInputBody  [OpenAPI component names]')
    const check = JSON.parse(readFileSync(report, 'utf8')).checks.find((c: { id: string }) => c.id === 'openapi.json.component-names')
    expect(check).toMatchObject({ verdict: 'differs', added: ['Report', 'SuccessResponseReportBody'], missing: ['CreateApplicationInputBody'] })
    // The whole lists are longer than a line shows of a value: cut, they would hide the names.
    expect(check.expected.length).toBeGreaterThan(100)
  } finally {
    rmSync(folder, { recursive: true, force: true })
    await reporting.close()
  }
})

test('the automatic path: verify writes the module of the two changes, and with it nothing differs', { timeout: 60_000 }, async () => {
  const folder = mkdtempSync(join(tmpdir(), 'extending-walk-'))
  try {
    const module = join(folder, 'api-changes.ts')
    const written = await verifyInProcess(argsOf(2, module))
    expect(written.stderr).toBe('')
    expect(written.code).toBe(1)
    expect(lines(written.stdout).at(-1)).toBe(`wrote the operations module to ${module}: added fields.application.status, operation deleteWorkspace (DELETE /api/workspaces/{workspaceId})`)
    const text = readFileSync(module, 'utf8')
    expect(text.slice(text.indexOf('\nimport ') + 1)).toBe(GENERATED.trimStart())
    const after = await verifyInProcess(argsOf(1, module))
    expect(after.stderr).toBe('')
    expect(after.code).toBe(0)
    expect(lines(after.stdout).at(-1)).toBe(lines(PASSED)[0])
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
})
