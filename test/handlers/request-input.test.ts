/**
 * What the pipeline reads of a request and hands on: repeated paging parameters (docs/spec-decisions.md, "Paging
 * names and defaults": repeated is a 422), the journal's view of bodies, and the request an override receives
 * (the client's own, unread: the kit reads a copy).
 */
import { describe, expect, test } from 'vitest'
import { errorAt, expectProblem } from '../support/api-assertions.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'empty' })
const at = { origin: ORIGIN }

describe('repeated paging parameters', () => {
  test('page_size twice: 422 at query.page_size repeating both values', async () => {
    const res = await h.call('/api/applications?page_size=10&page_size=20', { workspace: 'wse_unknown' })
    const body = expectProblem(res, 422, { ...at, locations: ['query.page_size'] })
    expect(errorAt(body, 'query.page_size')).toEqual({
      message: 'expected a single value',
      location: 'query.page_size',
      value: ['10', '20'],
    })
    expect(body.errors).toHaveLength(1)
  })

  test('current_page twice, even with equal values: 422 at query.current_page', async () => {
    const res = await h.call('/api/applications?current_page=2&current_page=2', { workspace: 'wse_unknown' })
    const body = expectProblem(res, 422, { ...at, locations: ['query.current_page'] })
    expect(errorAt(body, 'query.current_page')).toEqual({
      message: 'expected a single value',
      location: 'query.current_page',
      value: ['2', '2'],
    })
  })

  test('a repeated parameter whose other occurrences are empty counts once', async () => {
    const res = await h.call('/api/applications?page_size=&page_size=20', { workspace: 'wse_unknown' })
    // Valid parameters: the unknown workspace is what is left to answer.
    expectProblem(res, 404, at)
  })
})

describe('the journal sees bodies as they were sent', () => {
  test('a GET has no body', async () => {
    await h.call('/api/workspaces', { headers: { 'Content-Type': 'application/json' } })
    const entry = h.api.journal.entries.at(-1)!
    expect(entry.operation).toBe('listWorkspaces')
    expect(entry.body).toBeUndefined()
  })

  test('a POST body is recorded parsed', async () => {
    await h.call('/api/workspaces', { method: 'POST', json: { name: 'journaled' } })
    expect(h.api.journal.entries.at(-1)!.body).toEqual({ name: 'journaled' })
  })
})

describe('the request an override receives', () => {
  test("is the client's request: its URL and headers", async () => {
    let seen: { url: string; trace: string | null } | undefined
    h.api.override('listWorkspaces', ({ request }) => {
      seen = { url: request.url, trace: request.headers.get('X-Trace') }
      return undefined
    })
    const res = await h.call('/api/workspaces?probe=1', { headers: { 'X-Trace': 'abc' } })
    expect(res.status).toBe(200)
    expect(seen).toEqual({ url: `${ORIGIN}/api/workspaces?probe=1`, trace: 'abc' })
  })

  test('with its body still unread, after the kit has journaled it', async () => {
    h.api.override('createWorkspace', async ({ request, problem }) => problem(409, `got ${(await request.json()).name}`))
    const res = await h.call('/api/workspaces', { method: 'POST', json: { name: 'readable' }, contract: false })
    expect(res.status).toBe(409)
    expect(res.body.detail).toBe('got readable')
    expect(h.api.journal.entries.at(-1)).toMatchObject({ status: 409, body: { name: 'readable' } })
  })
})
