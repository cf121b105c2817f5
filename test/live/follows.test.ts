/**
 * The code that follows the service, from drift (docs/live.md), over real sockets: the demo server, the
 * command as a child process, started with `--live` before a service that has the extending walk's two
 * changes (DELETE /api/workspaces/{workspaceId}, an application `status`), a workspace `tier` that a PUT
 * takes, a `contact` that repeats the service's credentials, and two operations its OpenAPI document
 * describes (test/verify/changing-service.ts), every operation on `shadow`. A UI's requests go through it;
 * then `GET /__admin/drift/module`, MCP's `drift_module` and `workspace-api-mock drift --operations-out`
 * (a child process once, then in this process) give the module of what the service showed, without its
 * credentials; the module type-checks, loads with `--operations`, and verify with it against the service
 * finds nothing that differs. A session's requests make a module of their own, and a reset forgets them.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startMockServer, withCredentials, type MockServer } from '../../src/node/index.ts'
import { driftCommand } from '../../src/cli/drift.ts'
import { typeCheck } from '../support/type-check.ts'
import { runCli, startCli, type RunningCli } from '../cli/cli-process.ts'
import { authOf, call } from '../server/http-helpers.ts'
import { tool } from '../server/mcp-helpers.ts'
import { FOLLOWED_ADDITIONS, FOLLOWED_CHANGES, startChangingService, type ChangingService } from '../verify/changing-service.ts'
import { verifyInProcess } from '../verify/in-process.ts'

// docs/live.md's lines, run below against the test's service and server.
const DOCUMENTED = `
npx workspace-api-mock --live https://staging.example.com --live-operations "*=shadow"
npx workspace-api-mock drift --operations-out ./api-changes.ts --url http://127.0.0.1:4010
`
/** A documented line as arguments: `from` replaced by `to` in each word, the quotes a shell takes off taken off. */
function documented(index: number, replace: Record<string, string>): string[] {
  const words = DOCUMENTED.trim().split('\n')[index]!.replace('npx workspace-api-mock ', '').replaceAll('"', '').split(' ')
  return words.map((word) => replace[word] ?? word)
}

const KEY = 'follows-service-key'
const SECRET = 'follows-service-secret'
const ZERO = `wse_${'0'.repeat(32)}`
const ADDED = FOLLOWED_ADDITIONS

let upstream: MockServer
let service: ChangingService
let mock: RunningCli
let folder: string

beforeAll(async () => {
  upstream = await startMockServer({ port: 0, scenario: withCredentials('demo', { apiKey: KEY, apiSecret: SECRET }) })
  service = await startChangingService(upstream.url, { apiKey: KEY, apiSecret: SECRET }, FOLLOWED_CHANGES)
  mock = await startCli(documented(0, { 'https://staging.example.com': service.url }), { env: { WORKSPACE_API_MOCK_LIVE_KEY: KEY, WORKSPACE_API_MOCK_LIVE_SECRET: SECRET } })
  folder = mkdtempSync(join(tmpdir(), 'drift-follows-'))
}, 60_000)
afterAll(async () => {
  await mock?.stop()
  await service?.close()
  await upstream?.close()
  rmSync(folder, { recursive: true, force: true })
})

/** A UI's requests as `as`: the workspaces, their applications, a workspace's tier set, a workspace deleted (one the service does not hold). */
async function work(as: { apiKey: string; apiSecret: string }, admin: string): Promise<void> {
  const auth = authOf(as)
  const workspaces = (await call(mock.url, '/api/workspaces', { headers: auth })).body.data as Array<{ id: string }>
  for (const { id } of workspaces) await call(mock.url, '/api/applications?page_size=100', { headers: { ...auth, 'X-Workspace-ID': id } })
  // The mock refuses a member it does not know (422) and has no DELETE of a workspace (405); the service is asked all the same.
  expect((await call(mock.url, `/api/workspaces/${workspaces[0]!.id}`, { method: 'PUT', json: { tier: 'team' }, headers: auth })).status).toBe(422)
  expect((await call(mock.url, `/api/workspaces/${ZERO}`, { method: 'DELETE', headers: auth })).status).toBe(405)
  // Every request's shadow has its answer (the client did not wait for it).
  await expect.poll(async () => ((await call(mock.url, `${admin}journal`)).body.entries as any[]).every((entry) => entry.why.live?.status !== undefined)).toBe(true)
}

const lines = (text: string) => text.trim().split('\n')

/** The command in this process (a Node process each costs a second of npm test's two cores), its output captured. */
async function driftInProcess(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = { stdout: '', stderr: '' }
  const code = await driftCommand(args, { stdout: { write: (text: string) => (out.stdout += text) }, stderr: { write: (text: string) => (out.stderr += text) } })
  return { code, ...out }
}

test("the admin and MCP answer the module of what the service showed while the mock answered, without the service's credentials", { timeout: 60_000 }, async () => {
  await work(mock.principals[0]!, '/__admin/')
  const deleted = ((await call(mock.url, '/__admin/journal')).body.entries as any[]).at(-1)
  expect(deleted).toMatchObject({ method: 'DELETE', status: 405, why: { live: { mode: 'shadow', served: 'mock', credentials: 'mapped', status: 404 } } })

  const findings = await call(mock.url, '/__admin/drift/findings')
  expect(findings.status).toBe(200)
  expect(findings.body.operations).toEqual([{ method: 'DELETE', path: `/api/workspaces/${ZERO}`, status: 404, seen: `DELETE /api/workspaces/${ZERO}` }])
  expect(findings.body.writable).toEqual([{ record: 'workspace', field: 'tier', seen: expect.stringMatching(/^PUT \/api\/workspaces\/wse_[0-9a-f]{32}$/) }])
  expect(findings.body.openapi.seen).toBe(`${service.url}/api/openapi.json`)
  // Of each record, what the mock does not declare (and its id): 5 workspaces, 146 applications.
  expect(findings.body.records.filter((row: any) => row.record === 'application')).toHaveLength(146)
  expect(Object.keys(findings.body.records[0].values).sort()).toEqual(['contact', 'id', 'tier'])

  const module = await call(mock.url, '/__admin/drift/module')
  expect(module.status).toBe(200)
  expect(module.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
  expect(module.text).toMatch(/ {4}status: \{\n {6}schema: z\.enum\(\['active', 'paused'\]\),/)
  expect(module.text).toMatch(/ {4}tier: \{\n(?: {6}.*\n)* {6}writable: true,\n {4}\},/)
  expect(module.text).toContain("      build: () => '[redacted]:[redacted]@example.com',\n")

  const client = new Client({ name: 'drift-module-test', version: '1' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${mock.url}/__admin/mcp`)))
  try {
    expect(await tool(client, 'drift_module')).toEqual({ module: module.text, added: ADDED, notes: [] })
  } finally {
    await client.close()
  }
  for (const text of [findings.text, module.text, mock.stdout(), mock.stderr()]) {
    expect(text).not.toContain(KEY)
    expect(text).not.toContain(SECRET)
  }
})

test('drift --operations-out writes that module; it type-checks, loads with --operations, and verify with it finds nothing that differs', { timeout: 90_000 }, async () => {
  const file = join(folder, 'api-changes.ts')
  const written = await runCli(documented(1, { './api-changes.ts': file, 'http://127.0.0.1:4010': mock.url }), 30_000)
  expect(written.stderr).toBe('')
  expect(written.code).toBe(0)
  expect(written.stdout).toBe(`wrote the operations module to ${file}: added ${ADDED.join(', ')}\n`)
  const text = readFileSync(file, 'utf8')
  expect(text).toBe((await call(mock.url, '/__admin/drift/module')).text)
  expect(await typeCheck(folder, ['api-changes.ts'])).toBe('')

  const verified = await verifyInProcess(['--target', service.url, '--api-key', KEY, '--api-secret', SECRET, '--rate', '1000', '--operations', file, '--write'])
  expect(verified.stderr).toBe('')
  expect(lines(verified.stdout).filter((line) => line.startsWith('differs'))).toEqual([])
  expect(verified.code).toBe(0)
  expect(verified.stdout).toMatch(/^same {9}own\.deleteWorkspace\.unknown-id\.status +DELETE \/api\/workspaces\/wse_0{32}  404  \[Path identifiers\]$/m)

  // A second run merges: the file has all of it already, and is left as it was.
  const again = await driftInProcess('--operations-out', file, '--url', mock.url)
  expect(again).toMatchObject({ code: 0, stderr: '', stdout: `the operations module ${file} has all that was found already (${ADDED.length})\n` })
  expect(readFileSync(file, 'utf8')).toBe(text)
})

test("a session's requests make a module of their own (drift --session), and its reset forgets them", { timeout: 60_000 }, async () => {
  const session = (await call(mock.url, '/__admin/sessions', { json: {} })).body
  const admin = `/__admin/sessions/${session.id}/`
  await call(mock.url, '/api/workspaces', { headers: authOf(session) })
  await expect.poll(async () => ((await call(mock.url, `${admin}journal`)).body.entries as any[])[0]?.why.live?.status).toBe(200)
  const file = join(folder, 'session.ts')
  const written = await driftInProcess('--operations-out', file, '--url', mock.url, '--session', session.id)
  expect(written.stderr).toBe('')
  expect(lines(written.stdout)[0]).toBe(`wrote the operations module to ${file}: added ${ADDED.filter((item) => !/application\.status|deleteWorkspace/.test(item)).join(', ')}`)
  await call(mock.url, `${admin}reset`, { method: 'POST' })
  const forgotten = (await call(mock.url, `${admin}drift/findings`)).body
  expect(forgotten).toMatchObject({ records: [], writable: [], operations: [] })
})
