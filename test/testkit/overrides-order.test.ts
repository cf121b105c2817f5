/**
 * Overrides in combination (docs/api.md: "newest first; returning `undefined` lets the request through"):
 * which one answers, what `once` and the remover take away, and the envelopes `respond()` builds.
 */
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Application, Workspace } from '../../src/index.ts'
import { useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'demo', seed: 13 })
const list = () => h.call('/api/workspaces')
afterEach(() => {
  vi.restoreAllMocks()
})
const answer = async () => {
  const res = await list()
  return res.status === 200 ? 200 : `${res.status} ${res.body.detail}`
}

describe('which override answers', () => {
  test('without `once` an override answers every matching request', async () => {
    h.api.override('listWorkspaces', ({ problem }) => problem(503, 'down'))
    expect([await answer(), await answer(), await answer()]).toEqual(['503 down', '503 down', '503 down'])
  })

  test('a newer override that returns undefined hands the request to an older one', async () => {
    h.api.override('listWorkspaces', ({ problem }) => problem(500, 'older'))
    h.api.override('listWorkspaces', () => undefined)
    expect(await answer()).toBe('500 older')
  })

  test('a `once` override that lets a request through stays for the next one', async () => {
    let calls = 0
    h.api.override('listWorkspaces', ({ problem }) => (++calls === 1 ? undefined : problem(503, 'second')), { once: true })
    expect([await answer(), await answer(), await answer()]).toEqual([200, '503 second', 200])
  })

  test('a `once` override that answers leaves older overrides in place', async () => {
    h.api.override('listWorkspaces', ({ problem }) => problem(500, 'older'))
    h.api.override('listWorkspaces', ({ problem }) => problem(503, 'once'), { once: true })
    expect([await answer(), await answer(), await answer()]).toEqual(['503 once', '500 older', '500 older'])
  })

  test('the remover removes its own override only', async () => {
    const removeOlder = h.api.override('listWorkspaces', ({ problem }) => problem(500, 'older'))
    const removeNewer = h.api.override('listWorkspaces', ({ problem }) => problem(503, 'newer'))
    expect(await answer()).toBe('503 newer')
    removeNewer()
    expect(await answer()).toBe('500 older')
    removeNewer()
    expect(await answer()).toBe('500 older')
    removeOlder()
    expect(await answer()).toBe(200)
  })
})

describe('respond() envelopes', () => {
  test('a list operation gets the list envelope around the given records', async () => {
    const real = (await list()).body.data as Workspace[]
    const chosen = [real[1]!, real[0]!]
    h.api.override('listWorkspaces', ({ respond }) => respond(chosen))
    const res = await list()
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, data: chosen })
    expect(res.body.data).toHaveLength(2)
    expect(res.body.$schema).toMatch(/SuccessResponseListWorkspaceBody\.json$/)
  })

  test('a page keeps the given total, page and size; without them total is the number of records', async () => {
    const ws = (await list()).body.data[0].id as string
    const apps = (await h.call('/api/applications', { workspace: ws })).body.data as Application[]
    expect(apps.length).toBeGreaterThan(0)
    h.api.override('listApplications', ({ respond }) =>
      respond({ data: apps.slice(0, 1), total: 57, current_page: 3, page_size: 20 }),
    )
    expect((await h.call('/api/applications', { workspace: ws })).body).toMatchObject({
      total: 57,
      current_page: 3,
      page_size: 20,
      data: [{ id: apps[0]!.id }],
    })
    await h.api.reset()
    h.api.override('listApplications', ({ respond }) => respond({ data: apps }))
    expect((await h.call('/api/applications', { workspace: ws })).body).toMatchObject({
      total: apps.length,
      current_page: 1,
      page_size: 10,
    })
  })

  test('respond() for an operation without an envelope (a document) is a 500 naming the operation', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    h.api.override('getOpenApiJson', ({ respond }) => respond(undefined as never))
    const res = await h.call('/api/openapi.json')
    expect(res.status).toBe(500)
    expect(res.body.detail).toBe('the mock failed: getOpenApiJson has no envelope to respond with')
    expect(errors).toHaveBeenCalled()
  })
})
