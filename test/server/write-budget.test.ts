/**
 * The demo server's write budget (docs/demo-server.md, "Limits and security"): what the API's writes keep in
 * a mock (the base state, each session) lives within `maxWriteBytes`, counted as stored now (an update
 * replaces, a delete frees, a reset or a new state starts over); past it a 429 problem naming the bound,
 * and nothing written. The spec's operations, the presets and operations of your own count alike, and so
 * do the console's record routes; a session's writes also count in the sessions' budget together.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { defineOperation, unshownOperations, z } from '../../src/index.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { authOf, call, expectJson, expectProblem } from './http-helpers.ts'

const KIB = 1024
/** A workspace body of about 20 KiB: three fit in the 64 KiB budget below, a fourth does not. */
const body = (name: string) => ({ name, description: 'x'.repeat(20 * KIB) })
const OVER_BASE = /^this mock's writes would keep \d+ bytes of records, over its bound of 64 KiB \(--max-write-bytes\): delete records, reset it or load another state$/

const ownCreate = defineOperation({
  name: 'createNote',
  method: 'POST',
  path: '/api/notes',
  body: z.object({ text: z.string() }),
  response: { shape: 'item', record: 'workspace' },
  run: ({ body: sent, workspaces }) => workspaces.create({ name: 'note', description: sent.text }),
})

let server: MockServer
beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    scenario: 'empty',
    strict: false,
    maxWriteBytes: 64 * KIB,
    operations: [...unshownOperations, ownCreate],
    sessions: { maxStateBytes: 100 * KIB },
  })
})
afterAll(() => server.close())
afterEach(async () => {
  for (const session of server.sessions.list()) server.sessions.delete(session.id)
  await server.api.reset()
})

const as = (credentials: { apiKey: string; apiSecret: string }) => authOf(credentials)
const create = (headers: Record<string, string>, name: string) => call(server.url, '/api/workspaces', { json: body(name), headers })

describe('the base state', () => {
  test('writes pass until the budget, then a 429 naming it, nothing written; a delete frees, a reset starts over', async () => {
    const auth = as(server.api.credentials)
    const statuses = [] as number[]
    for (let i = 0; i < 4; i++) statuses.push((await create(auth, `w${i}`)).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    expectProblem(await create(auth, 'again'), 429, server.url, OVER_BASE)
    const listed = expectJson(await call(server.url, '/api/workspaces', { headers: auth })).data as Array<{ id: string; name: string }>
    expect(listed.map((workspace) => workspace.name)).toEqual(['w0', 'w1', 'w2'])
    // The journal says the answer was the operation's (not a rate-limit fault), with the detail.
    expect(server.api.journal.last({ status: 429 })!.why.decision).toEqual({ kind: 'operation', detail: expect.stringMatching(OVER_BASE) })
    // An update replaces what its record kept: the same workspace rewritten forty times stays within it.
    for (let i = 0; i < 40; i++) expect((await call(server.url, `/api/workspaces/${listed[0]!.id}`, { method: 'PUT', json: { description: 'y'.repeat(20 * KIB + i) }, headers: auth })).status).toBe(200)
    // A delete (a preset operation) frees what the record kept.
    expect((await call(server.url, `/api/workspaces/${listed[1]!.id}`, { method: 'DELETE', headers: auth })).status).toBe(204)
    expect((await create(auth, 'after the delete')).status).toBe(200)
    expect((await create(auth, 'over again')).status).toBe(429)
    await call(server.url, '/__admin/reset', { method: 'POST' })
    expect((await create(auth, 'after the reset')).status).toBe(200)
  })

  test('a preset operation, an operation of your own and the console\'s record routes count the same way', async () => {
    const auth = as(server.api.credentials)
    const home = expectJson(await call(server.url, '/api/workspaces', { json: { name: 'home' }, headers: auth })).data as { id: string }
    const scoped = { ...auth, 'X-Workspace-ID': home.id }
    const statuses = [] as number[]
    for (let i = 0; i < 3; i++) statuses.push((await call(server.url, '/api/applications', { json: { name: `a${i}`, description: 'x'.repeat(20 * KIB) }, headers: scoped })).status)
    expect(statuses).toEqual([200, 200, 200])
    expectProblem(await call(server.url, '/api/notes', { json: { text: 'x'.repeat(20 * KIB) }, headers: auth }), 429, server.url, OVER_BASE)
    const edited = await call(server.url, `/__admin/records/workspaces/${home.id}`, { method: 'PATCH', json: { description: 'x'.repeat(20 * KIB) } })
    expectProblem(edited, 429, server.url, OVER_BASE)
    expect(expectJson(await call(server.url, `/__admin/records/workspaces/${home.id}`)).description).toBe('')
    await call(server.url, '/__admin/reset', { method: 'POST' })
    expect((await call(server.url, '/api/notes', { json: { text: 'x'.repeat(20 * KIB) }, headers: auth })).status).toBe(200)
  })
})

describe('sessions', () => {
  test("each session's writes within its own budget, and the sessions' writes within their budget together", async () => {
    const first = await server.sessions.create()
    const second = await server.sessions.create()
    const statuses = async (session: typeof first, n: number) => {
      const seen = [] as number[]
      for (let i = 0; i < n; i++) seen.push((await create(as(session.credentials), `s${i}`)).status)
      return seen
    }
    // Three of about 20 KiB fill the first session's 64 KiB; the base state's budget is not touched.
    expect(await statuses(first, 4)).toEqual([200, 200, 200, 429])
    // 100 KiB for the sessions together: the second session's second write would pass it.
    expect(await statuses(second, 2)).toEqual([200, 429])
    expectProblem(
      await create(as(second.credentials), 'over'),
      429,
      server.url,
      /^the sessions' own data would hold \d+ bytes of states and writes, over this server's bound of 100 KiB \(--max-session-bytes\): delete records, reset the session or delete a session$/,
    )
    expect(server.sessions.ownData.bytes).toBeLessThanOrEqual(100 * KIB)
    expect((await create(as(server.api.credentials), 'base')).status).toBe(200)
    // Deleting the first session frees what its writes held.
    server.sessions.delete(first.id)
    expect((await create(as(second.credentials), 'freed')).status).toBe(200)
  })
})
