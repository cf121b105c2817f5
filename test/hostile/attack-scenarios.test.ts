/**
 * Scenarios and states loaded over HTTP (issue 23, crash 2: one `POST /__admin/sessions` with
 * `{"scenario":"scale:10000x1000"}` ran the server out of memory). Each is bounded by `maxRecords`
 * (`--max-records`), refused beyond it with a 422 naming the bound; the sessions' own data together by four
 * times that (429); an admin body by 64 MiB (413, by its Content-Length before it is read).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_LIMITS } from '../../src/server/limits.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { expectAnswersWithin1s, hostOf, rawConnection } from './attack-helpers.ts'
import { call, expectJson, expectProblem } from '../server/http-helpers.ts'

let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'demo', strict: false, maxRecords: 1000 })
})
afterAll(() => server.close())

const bound = (records: number, what: string) => `the ${what} holds ${records} records, over this server's bound of 1000 (--max-records)`

describe('scenarios over HTTP', () => {
  test('crash 2 with the default bound: scale:10000x1000 is a 422 naming the bound, at once', async () => {
    const defaults = await startMockServer({ port: 0, scenario: 'empty', strict: false })
    try {
      const started = performance.now()
      const answer = await call(defaults.url, '/__admin/sessions', { json: { scenario: 'scale:10000x1000' } })
      const problem = expectProblem(
        answer,
        422,
        defaults.url,
        `the scenario holds 10010000 records, over this server's bound of ${DEFAULT_LIMITS.maxRecords} (--max-records)`,
      )
      expect(problem.errors).toEqual([
        { message: `holds 10010000 records, over this server's bound of ${DEFAULT_LIMITS.maxRecords} (--max-records)`, location: 'body.scenario', value: 'scale:10000x1000' },
      ])
      expect(performance.now() - started).toBeLessThan(1000)
      expect(defaults.sessions.size).toBe(0)
      await expectAnswersWithin1s(defaults)
    } finally {
      await defaults.close()
    }
  })

  test('a session scenario over the bound is refused, one at the bound is served', async () => {
    expectProblem(await call(server.url, '/__admin/sessions', { json: { scenario: 'scale:10x100' } }), 422, server.url, bound(1010, 'scenario'))
    const created = expectJson(await call(server.url, '/__admin/sessions', { json: { scenario: 'scale:10x99' } }), 201)
    expect(created.counts.workspaces + created.counts.applications).toBe(1000)
    server.sessions.delete(created.id)
    await expectAnswersWithin1s(server)
  })

  test('a state over the bound, uploaded or given to a session, is a 422 before it is validated', async () => {
    const big = { organizations: [], accounts: [], workspaces: [], applications: Array.from({ length: 1001 }, () => ({})) }
    const upload = expectProblem(await call(server.url, '/__admin/state', { json: big }), 422, server.url, bound(1001, 'state'))
    expect(upload.errors[0].location).toBe('body')
    const session = expectProblem(await call(server.url, '/__admin/sessions', { json: { state: big } }), 422, server.url, bound(1001, 'state'))
    expect(session.errors[0].location).toBe('body.state')
    expect(server.sessions.size).toBe(0)
    expect(expectJson(await call(server.url, '/__admin/info')).scenario).toBe('demo')
  })

  test("a seed alone rebuilds the server's scenario: refused when that is over the bound", async () => {
    const large = await startMockServer({ port: 0, scenario: 'scale:10x100', strict: false, maxRecords: 1000 })
    try {
      const problem = expectProblem(await call(large.url, '/__admin/sessions', { json: { seed: 2 } }), 422, large.url)
      expect(problem.errors[0]).toMatchObject({ location: 'body.seed', value: 2 })
      expect(problem.detail).toMatch(/^the seed holds \d+ records, over this server's bound of 1000 \(--max-records\)$/)
      // A session over the server's own data shares it: no bound.
      expect(expectJson(await call(large.url, '/__admin/sessions', { json: {} }), 201).counts.applications).toBe(1000)
    } finally {
      await large.close()
    }
  })

  test("the sessions' own data together: four times the bound, then a 429 until one is deleted", async () => {
    const ids: string[] = []
    for (let seed = 1; seed <= 4; seed++) {
      ids.push(expectJson(await call(server.url, '/__admin/sessions', { json: { scenario: 'scale:10x99', seed } }), 201).id)
    }
    expectProblem(
      await call(server.url, '/__admin/sessions', { json: { scenario: 'scale:1x1' } }),
      429,
      server.url,
      "the sessions' own data would hold 4002 records, over this server's bound of 4000 (4 x --max-records): delete a session that asked for a scenario or state of its own",
    )
    // Sessions over the server's data hold none of their own.
    const shared = expectJson(await call(server.url, '/__admin/sessions', { json: {} }), 201)
    server.sessions.delete(ids[0]!)
    expect(expectJson(await call(server.url, '/__admin/sessions', { json: { scenario: 'scale:1x1' } }), 201).counts.applications).toBe(1)
    for (const session of server.sessions.list()) server.sessions.delete(session.id)
    expect(shared.id).toMatch(/^ses_/)
  })

  test('an admin body over 64 MiB is a 413 by its Content-Length, before a byte of it is read; the connection closes', async () => {
    const exchange = rawConnection(
      server.url,
      `POST /__admin/state HTTP/1.1\r\nHost: ${hostOf(server.url)}\r\nContent-Type: application/json\r\nContent-Length: ${64 * 1024 * 1024 + 1}\r\n\r\n`,
    )
    await exchange.ended
    expect(exchange.status()).toBe(413)
    expect(JSON.parse(exchange.body()).detail).toBe('the admin request body is over 64 MiB: serve a bigger state with --state')
    await expectAnswersWithin1s(server)
  })

  test('startMockServer refuses bounds that are no bounds', async () => {
    await expect(startMockServer({ port: 0, maxRecords: 0 })).rejects.toThrow('maxRecords must be a positive integer, got 0')
    await expect(startMockServer({ port: 0, bodyTimeout: -1 })).rejects.toThrow('bodyTimeout must be a positive number of ms, got -1')
  })
})
