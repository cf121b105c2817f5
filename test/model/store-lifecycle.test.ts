/**
 * The store's loads as a user sees them: `ready`, requests made while a reset is under way (they wait for it,
 * docs/api.md), collections kept from `api.db` across resets, the seed of the ids minted at run time, and a
 * load that fails. Each test builds its own mock, so that construction and loads run inside the test.
 */
import { afterEach, describe, expect, test, vi } from 'vitest'
import { replaceInitialState } from '../../src/api/internals.ts'
import { buildScenario, createMockApi, type Scenario, type Workspace } from '../../src/index.ts'
import { call, expect200, listedIds, mock, oneWorkspace, ORIGIN } from './handle.ts'

const create = async (api: Awaited<ReturnType<typeof mock>>, name: string): Promise<Workspace> =>
  expect200(await call(api, '/api/workspaces', { method: 'POST', json: { name } })).body.data

describe('loads and requests', () => {
  test('before `ready` the mock refuses to show its records; once ready, the scenario', async () => {
    const api = createMockApi({ baseUrl: ORIGIN, scenario: oneWorkspace, seed: 3 })
    expect(() => api.snapshot()).toThrow('not ready yet: await api.ready')
    await api.ready
    expect(api.snapshot()).toEqual(buildScenario(oneWorkspace, { seed: 3, assetsOrigin: ORIGIN }))
  })

  test('a request started while a reset is under way answers from the state the reset brings back', async () => {
    const api = await mock('empty')
    const created = await create(api, 'Gone after the reset')
    expect(await listedIds(api)).toEqual([created.id])
    const resetting = api.reset()
    const during = call(api, '/api/workspaces')
    expect(expect200(await during).body.data).toEqual([])
    await resetting
  })

  test('collections kept from api.db show the initial state again after reset()', async () => {
    const api = await mock(oneWorkspace)
    const initial = api.snapshot().workspaces.map((w) => w.id)
    const workspaces = api.db.workspaces
    const created = await create(api, 'Kept reference')
    expect(workspaces.all().map((w) => w.id)).toEqual([...initial, created.id])
    await api.reset()
    expect(workspaces.all().map((w) => w.id)).toEqual(initial)
  })
})

describe('ids minted at run time', () => {
  const firstMinted = async (seed: number) => {
    const api = await mock('empty', { seed })
    const first = await create(api, 'First')
    await api.reset()
    // reset() starts the identifiers over: the same id again.
    expect((await create(api, 'First again')).id).toBe(first.id)
    return first.id
  }

  test('follow the seed: the same seed mints the same ids, another seed others', async () => {
    const one = await firstMinted(1)
    expect(await firstMinted(1)).toBe(one)
    expect(await firstMinted(2)).not.toBe(one)
  })
})

describe('a load that fails', () => {
  // A scenario that froze one of its records itself: preparing it for the store throws, so the load fails.
  const frozenRecord: Scenario = (kit) => {
    const organization = kit.organization()
    kit.principal(organization)
    Object.freeze(kit.workspace(organization))
  }
  afterEach(() => {
    vi.restoreAllMocks()
  })

  test('rejects `ready`; requests answer 500 and the mock shows no records; reset() fails again', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const api = createMockApi({ baseUrl: ORIGIN, scenario: frozenRecord, seed: 4 })
    await expect(api.ready).rejects.toThrow(TypeError)
    expect(() => api.snapshot()).toThrow('not ready yet: await api.ready')
    const answer = await call(api, '/api/workspaces')
    expect(answer.status).toBe(500)
    expect(answer.body.detail).toMatch(/^the mock failed: /)
    expect(errors).toHaveBeenCalled()
    await expect(api.reset()).rejects.toThrow(TypeError)
    expect((await call(api, '/api/workspaces')).status).toBe(500)
  })

  test('a new initial state loaded after it is served (the demo server replacing its state)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const api = createMockApi({ baseUrl: ORIGIN, scenario: frozenRecord, seed: 4 })
    await expect(api.ready).rejects.toThrow(TypeError)
    const next = buildScenario(oneWorkspace, { seed: 5, assetsOrigin: ORIGIN })
    await replaceInitialState(api, next)
    expect(api.snapshot()).toEqual(next)
    expect(api.principals.map((p) => p.account)).toEqual(next.accounts.map((a) => a.id))
    expect(await listedIds(api)).toEqual(next.workspaces.map((w) => w.id))
    await api.reset()
    expect(await listedIds(api)).toEqual(next.workspaces.map((w) => w.id))
  })
})
