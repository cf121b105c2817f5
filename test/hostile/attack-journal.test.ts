/**
 * The journal under attack (issue 23): a JSON body nested 5,000 levels made `GET /__admin/journal` a 500
 * ("Maximum call stack size exceeded") until 1,000 newer requests pushed it out; raw bodies of up to 1 MiB
 * each made a journal gigabytes. Now bodies are kept up to JOURNAL_BODY_LIMIT and cut with a marker,
 * nesting below JOURNAL_BODY_DEPTH is replaced by a marker, and each mock keeps JOURNAL_BYTE_BUDGET.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { DEPTH_MARKER, JOURNAL_BODY_DEPTH, JOURNAL_BODY_LIMIT, JOURNAL_BYTE_BUDGET } from '../../src/testkit/journal.ts'
import { expectAnswersWithin1s } from './attack-helpers.ts'
import { authOf, call, expectJson } from '../server/http-helpers.ts'
import { bottom, deep } from '../support/nested-json.ts'

let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: 'demo', strict: false })
})
afterAll(() => server.close())

const post = (body: string, headers: Record<string, string> = {}, path = '/api/workspaces') =>
  call(server.url, path, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } })

describe('the journal', () => {
  test('a body nested 5,000 levels: the journal still serializes, the nesting cut at its depth with a marker', async () => {
    await call(server.url, '/__admin/journal', { method: 'DELETE' })
    expect((await post(deep(5000), authOf(server.api.credentials))).status).toBe(422)
    expect((await post(deep(5000))).status).toBe(401)
    const journal = expectJson(await call(server.url, '/__admin/journal'))
    const bodies = journal.entries.map((entry: { body: unknown }) => entry.body)
    // The 401 may be journaled before its body arrived (it does not wait for it): its body is cut or absent.
    expect(bottom(bodies[0])).toEqual({ levels: JOURNAL_BODY_DEPTH, at: DEPTH_MARKER })
    expect([undefined, DEPTH_MARKER]).toContain(bottom(bodies[1]).at)
    // A body within the depth is kept whole.
    await post(deep(JOURNAL_BODY_DEPTH), authOf(server.api.credentials))
    expect(bottom(server.api.journal.last()!.body)).toEqual({ levels: JOURNAL_BODY_DEPTH, at: 1 })
    await expectAnswersWithin1s(server)
  })

  test("a session's journal alike", async () => {
    const session = await server.sessions.create()
    try {
      expect((await post(deep(5000), authOf(session.credentials))).status).toBe(422)
      const journal = expectJson(await call(server.url, `/__admin/sessions/${session.id}/journal`))
      expect(bottom(journal.entries.at(-1).body)).toEqual({ levels: JOURNAL_BODY_DEPTH, at: DEPTH_MARKER })
    } finally {
      server.sessions.delete(session.id)
    }
  })

  test('a body over the limit is kept cut, with a marker', async () => {
    const text = JSON.stringify({ name: 'x'.repeat(100_000) })
    await post(text, authOf(server.api.credentials))
    const body = server.api.journal.last()!.body as string
    expect(body).toBe(`${text.slice(0, JOURNAL_BODY_LIMIT)}…[truncated]`)
  })

  test('over the byte budget the oldest entries drop first; the newest stay in order', async () => {
    await call(server.url, '/__admin/journal', { method: 'DELETE' })
    const count = Math.ceil((JOURNAL_BYTE_BUDGET / JOURNAL_BODY_LIMIT) * 1.1)
    const body = JSON.stringify({ name: 'y'.repeat(JOURNAL_BODY_LIMIT) })
    for (let i = 0; i < count; i++) await post(body, authOf(server.api.credentials), `/api/workspaces?n=${i}`)
    const numbers = server.api.journal.entries.map((entry) => Number(entry.query.n))
    expect(numbers.length).toBeLessThan(JOURNAL_BYTE_BUDGET / JOURNAL_BODY_LIMIT)
    expect(numbers.length).toBeGreaterThan(JOURNAL_BYTE_BUDGET / JOURNAL_BODY_LIMIT / 2)
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => count - numbers.length + i))
    expect(expectJson(await call(server.url, '/__admin/journal')).entries).toHaveLength(numbers.length)
    await expectAnswersWithin1s(server)
  })
})
