/**
 * replaceState (internal; the browser entry follows another tab's save with it): the whole state is
 * replaced in place and served at once, validated first, and `reset()` still returns to the initial state.
 */
import { expect, test } from 'vitest'
import { createMockApi, type MockApi } from '../../src/api/create-mock-api.ts'
import { replaceState } from '../../src/api/internals.ts'

async function call(api: MockApi, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await api.handle(
    new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  )
  return { status: response!.status, body: await response!.json() }
}

const names = async (api: MockApi) => (await call(api, 'GET', '/api/workspaces')).body.data.map((w: { name: string }) => w.name)

test('another instance\'s state replaces this one\'s in place; ids and timestamps go on from it; reset() returns to the initial state', async () => {
  const here = createMockApi({ scenario: 'demo', seed: 42, strict: false })
  const there = createMockApi({ scenario: 'demo', seed: 42, strict: false, now: () => Date.UTC(2030, 0, 1) })
  const initial = await names(here)
  const made = await call(there, 'POST', '/api/workspaces', { name: 'Made there' })
  expect(made.status).toBe(200)

  await replaceState(here, there.snapshot())
  expect(here.snapshot()).toEqual(there.snapshot())
  expect(await names(here)).toEqual([...initial, 'Made there'])
  expect((await call(here, 'GET', `/api/workspaces/${made.body.data.id}`)).body.data.name).toBe('Made there')

  // Both instances minted from the same seed: the next id here skips the one made there; time never goes back.
  const next = await call(here, 'POST', '/api/workspaces', { name: 'Made here' })
  expect(next.body.data.id).not.toBe(made.body.data.id)
  expect(next.body.data.created).toBeGreaterThan(made.body.data.created)

  await here.reset()
  expect(await names(here)).toEqual(initial)
})

test('an invalid state is refused with the validation message and changes nothing', async () => {
  const api = createMockApi({ scenario: 'demo', seed: 42, strict: false })
  await api.ready
  const before = JSON.stringify(api.snapshot())
  await expect(replaceState(api, { ...api.snapshot(), accounts: 'nope' })).rejects.toThrow('state.accounts must be an array')
  expect(JSON.stringify(api.snapshot())).toBe(before)
})
