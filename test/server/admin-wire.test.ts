/**
 * The admin's wire (src/wire/admin.ts) against a running server: every route's answer holds exactly the
 * keys its type names, no more, no fewer. The key lists are checked against the types at compile time
 * (`satisfies` an exact record of the type's keys), the answers against the lists here: a field added to
 * a route and not to the wire, or to the wire and not to the route, fails one or the other.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FaultListing, LogEvent, MockInfo, PrincipalDescription, RecordPage, SessionDescription, AnswerOf } from '../../src/wire/admin.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { call, eventStream } from './http-helpers.ts'

type Keys<T> = Record<keyof Required<T>, true>

const INFO = { scenario: true, seed: true, counts: true, principals: true, workspaceIds: true, faults: true, operations: true, journalLimit: true, profile: true, scenarios: true, coverage: true } satisfies Keys<MockInfo>
const PRINCIPAL = { apiKey: true, apiSecret: true, account: true, organization: true, name: true, email: true, organizationName: true } satisfies Keys<PrincipalDescription>
const SESSION = {
  id: true, apiKey: true, apiSecret: true, workspaceIds: true, expiresAt: true, principals: true, scenario: true, seed: true, created: true, counts: true, admin: true,
} satisfies Keys<SessionDescription>
const SESSION_LIST = { sessions: true, maxSessions: true, idleTimeout: true, scenarios: true } satisfies Keys<AnswerOf<'GET sessions'>>
const FAULT_ADDED = { id: true, added: true, faults: true } satisfies Keys<AnswerOf<'POST faults'>>
const STATE_REPLACED = { replaced: true, counts: true, principals: true } satisfies Keys<AnswerOf<'POST state'>>
const LOG_EVENT = { seq: true, time: true, method: true, path: true, status: true, duration: true, operation: true, detail: true, why: true } satisfies Keys<LogEvent>

const keysOf = (value: object) => Object.keys(value).sort()
const expectKeys = (value: object, keys: object, what: string) => expect(keysOf(value), what).toEqual(Object.keys(keys).sort())

let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'demo', seed: 42 })
})
afterAll(() => server.close())

describe('the admin answers are the wire types, key for key', () => {
  test('info, its principals and faults; a fault added; the journal; a state replaced', async () => {
    const added = await call(server.url, '/__admin/faults', { json: { type: 'fail', target: 'getWorkspace', status: 503, detail: 'down' } })
    expectKeys(added.body, FAULT_ADDED, 'POST faults')
    const info = (await call(server.url, '/__admin/info')).body as MockInfo
    expectKeys(info, INFO, 'GET info')
    expectKeys(info.principals[0]!, PRINCIPAL, 'a principal')
    // A fault lists the fields it was given: the one above has every optional field a `fail` takes.
    const fault: FaultListing = info.faults[0]!
    expect(keysOf(fault)).toEqual(['detail', 'hits', 'id', 'startup', 'status', 'target', 'type'])
    expectKeys((await call(server.url, '/__admin/faults', { method: 'DELETE' })).body, { faults: true } satisfies Keys<AnswerOf<'DELETE faults'>>, 'DELETE faults')
    expectKeys((await call(server.url, '/__admin/journal')).body, { entries: true } satisfies Keys<AnswerOf<'GET journal'>>, 'GET journal')
    expectKeys((await call(server.url, '/__admin/drift')).body, { drift: true } satisfies Keys<AnswerOf<'GET drift'>>, 'GET drift')
    expectKeys((await call(server.url, '/__admin/reset', { method: 'POST' })).body, { reset: true } satisfies Keys<AnswerOf<'POST reset'>>, 'POST reset')
    const snapshot = (await call(server.url, '/__admin/snapshot')).body
    expectKeys((await call(server.url, '/__admin/state', { json: snapshot })).body, STATE_REPLACED, 'POST state')
  })

  test('sessions: created, listed, described, deleted', async () => {
    const created = (await call(server.url, '/__admin/sessions', { json: {} })).body as SessionDescription
    expectKeys(created, SESSION, 'POST sessions')
    const list = (await call(server.url, '/__admin/sessions')).body
    expectKeys(list, SESSION_LIST, 'GET sessions')
    expectKeys((await call(server.url, `/__admin/sessions/${created.id}`)).body, SESSION, 'GET sessions/{id}')
    const deleted = await call(server.url, `/__admin/sessions/${created.id}`, { method: 'DELETE' })
    expectKeys(deleted.body, { deleted: true } satisfies Keys<AnswerOf<'DELETE sessions/{id}'>>, 'DELETE sessions/{id}')
  })

  test('records and the scenario switch; one journal entry', async () => {
    const page = (await call(server.url, '/__admin/records/workspaces?pageSize=2')).body as RecordPage
    expectKeys(page, { collection: true, records: true, total: true, page: true, pageSize: true } satisfies Keys<RecordPage>, 'GET records/{collection}')
    const id = page.records[0]!.id
    expect((await call(server.url, `/__admin/records/workspaces/${id}`)).body).toEqual(page.records[0])
    expectKeys((await call(server.url, `/__admin/records/workspaces/${id}`, { method: 'PATCH', json: { name: 'Wired' } })).body, page.records[0]!, 'PATCH records/{collection}/{id}')
    const added = (await call(server.url, '/__admin/records/applications', { json: { workspace: id } })).body
    expect(added).toMatchObject({ workspace: id })
    expectKeys((await call(server.url, `/__admin/records/applications/${added.id}`, { method: 'DELETE' })).body, { deleted: true } satisfies Keys<AnswerOf<'DELETE records/{collection}/{id}'>>, 'DELETE records')
    const switched = await call(server.url, '/__admin/scenario', { json: { scenario: 'demo', seed: 42 } })
    expectKeys(switched.body, { scenario: true, seed: true, principals: true } satisfies Keys<AnswerOf<'POST scenario'>>, 'POST scenario')
    await call(server.url, '/api/workspaces')
    const entry = (await call(server.url, '/__admin/journal')).body.entries.at(-1)
    expect((await call(server.url, `/__admin/journal/${entry.seq}`)).body).toEqual(entry)
  })

  test("the console's live log events", async () => {
    const { apiKey, apiSecret } = server.api.credentials
    await call(server.url, '/api/workspaces', { headers: { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret } })
    await call(server.url, '/api/workspaces/wse_0')
    const stream = eventStream(await fetch(`${server.url}/__admin/events`))
    try {
      const history = (await stream.next())!.data as LogEvent[]
      expectKeys(history.at(-1)!, LOG_EVENT, 'a 401 with its detail')
      // JSON drops an undefined member: a 200 has no `detail` on the wire.
      expect(keysOf(history.at(-2)!)).toEqual(Object.keys(LOG_EVENT).filter((key) => key !== 'detail').sort())
    } finally {
      await stream.cancel()
    }
  })
})
