/**
 * docs/extending.md's walk, run: the service gains `DELETE /api/workspaces/{workspaceId}` and an
 * application `status` (the demo server behind a proxy that adds both); `verify` reports the two and nothing
 * else; with the page's operations module (examples/extending/api-changes.ts) nothing differs, writes
 * included. The commands are the page's, line for line.
 */
import type { IncomingMessage } from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startMockServer, withCredentials, type MockServer } from '../../src/node/index.ts'
import { forward, problem, startProxy, type ProxyAnswer } from './deviant-proxy.ts'
import { verifyInProcess } from './in-process.ts'

const DOCUMENTED = `
npx workspace-api-mock verify --target https://staging.example.com --api-key "$API_KEY" --api-secret "$API_SECRET"
npx workspace-api-mock verify --target https://staging.example.com --api-key "$API_KEY" --api-secret "$API_SECRET" --operations ./api-changes.ts --write
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

/** A documented line as arguments: this service and principal, the page's module, no rate limit. */
function argsOf(index: number): string[] {
  const line = DOCUMENTED.trim().split('\n')[index]!
  const words = line.replace('npx workspace-api-mock ', '').replace('https://staging.example.com', service.url).replace('"$API_KEY"', KEY).replace('"$API_SECRET"', SECRET).split(' ')
  return [...words.map((word) => (word === './api-changes.ts' ? 'examples/extending/api-changes.ts' : word)), '--rate', '1000']
}

test('verify reports the new operation and the new field, and nothing else; with the module, nothing differs', { timeout: 60_000 }, async () => {
  const before = await verifyInProcess(argsOf(0))
  expect(before.stderr).toBe('')
  expect(before.code).toBe(1)
  const differing = before.stdout.split('\n').filter((line) => line.startsWith('differs')).map((line) => line.split(/\s+/)[1])
  console.log(before.stdout)
  const after = await verifyInProcess(argsOf(1))
  console.log(after.stdout.split('\n').filter((line) => !line.startsWith('same')).join('\n'))
  expect(after.stderr).toBe('')
  expect(after.code).toBe(0)
  expect(differing.length).toBeGreaterThan(0)
})
