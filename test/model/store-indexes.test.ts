/**
 * The store and its indexes, seen over HTTP: what the API answers must be what the collections hold after
 * any mix of writes through the API and through `api.db` (docs/api.md: "The kit's indexes follow such
 * writes"), and `api.db` collections kept by a test must show the state after a reset.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { buildWorkspace, type ScenarioState, type Workspace } from '../../src/index.ts'
import { expectProblem, expectSuccess } from '../support/api-assertions.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const at = { origin: ORIGIN }
const small = JSON.parse(readFileSync(new URL('../../fixtures/small.json', import.meta.url), 'utf8')) as ScenarioState
const latest = Math.max(...[...small.workspaces, ...small.applications].flatMap((r) => [r.created, r.updated]))
/** The clock of writes made through the API: stuck one hour after the fixture's latest timestamp. */
const NOW = latest + 3_600_000

const h = useHarness({ state: small, now: () => NOW })
const organization = small.organizations[0]!.id
const [production, staging] = small.workspaces as [Workspace, Workspace]

const listed = async (): Promise<Workspace[]> =>
  expectSuccess(await h.call('/api/workspaces'), 'SuccessResponseListWorkspaceBody', at).data
const fetched = async (id: string): Promise<Workspace> =>
  expectSuccess(await h.call(`/api/workspaces/${id}`), 'SuccessResponseWorkspaceBody', at).data
const create = async (name: string): Promise<Workspace> =>
  expectSuccess(await h.call('/api/workspaces', { method: 'POST', json: { name } }), 'SuccessResponseWorkspaceBody', at)
    .data
const update = async (id: string, json: unknown): Promise<Workspace> =>
  expectSuccess(await h.call(`/api/workspaces/${id}`, { method: 'PUT', json }), 'SuccessResponseWorkspaceBody', at)
    .data
const stored = (id: string) => h.api.db.workspaces.findFirst((q) => q.where({ id }))

describe('writes through the API and through api.db, mixed', () => {
  test('a workspace added through api.db after one created through the API is listed', async () => {
    const created = await create('Through the API')
    const added = await h.api.db.workspaces.create(
      buildWorkspace({ organization, created: NOW + 10, updated: NOW + 10 }),
    )
    expect((await listed()).map((w) => w.id)).toEqual([production.id, staging.id, created.id, added.id])
    expect(await fetched(added.id)).toEqual(added)
  })

  test('a workspace updated through the API and then through api.db shows the api.db change', async () => {
    await update(staging.id, { name: 'Renamed by the API' })
    await h.api.db.workspaces.update((q) => q.where({ id: staging.id }), {
      data(draft) {
        draft.name = 'Renamed in db'
      },
    })
    expect((await fetched(staging.id)).name).toBe('Renamed in db')
    expect((await listed()).map((w) => w.name)).toEqual([production.name, 'Renamed in db'])
  })

  test('an application id nobody holds is 404 after a write through api.db', async () => {
    await h.api.db.workspaces.update((q) => q.where({ id: production.id }), {
      data(draft) {
        draft.description = 'changed in db'
      },
    })
    expectProblem(
      await h.call('/api/applications/app_ffffffffffffffffffffffffffffffff', { workspace: production.id }),
      404,
      at,
    )
  })

  test('two updates of one workspace at once: the list shows the version stored last', async () => {
    await Promise.all([update(staging.id, { name: 'First' }), update(staging.id, { name: 'Second' })])
    const now = stored(staging.id)!
    expect(['First', 'Second']).toContain(now.name)
    expect(await fetched(staging.id)).toEqual(now)
    expect((await listed()).find((w) => w.id === staging.id)).toEqual(now)
  })
})

describe('a create still in flight', () => {
  test('does not hide a workspace created and answered meanwhile', async () => {
    // A create hook on api.db holds the first create inside the collection until the test lets it go.
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let entered!: () => void
    const held = new Promise<void>((resolve) => (entered = resolve))
    const stop = new AbortController()
    h.api.db.workspaces.hooks.on(
      'create',
      async (event) => {
        if (event.data.record.name !== 'Held') return
        entered()
        await gate
      },
      { signal: stop.signal },
    )
    try {
      const slow = create('Held')
      await held
      const quick = await create('Quick')
      expect((await listed()).map((w) => w.id)).toEqual([production.id, staging.id, quick.id])
      expect(await fetched(quick.id)).toEqual(quick)
      release()
      const late = await slow
      // The held create took its timestamp first, so it lists before the quick one.
      expect(late.created).toBeLessThan(quick.created)
      expect((await listed()).map((w) => w.id)).toEqual([production.id, staging.id, late.id, quick.id])
      expect(await fetched(late.id)).toEqual(late)
    } finally {
      release()
      stop.abort()
    }
  })
})

describe('timestamps of an update', () => {
  test('with the clock ahead of the data, `updated` is the clock\'s time', async () => {
    const next = await update(production.id, { description: 'now' })
    expect(next.updated).toBe(NOW)
    expect(next.created).toBe(production.created)
  })

  test('a workspace whose `updated` api.db set ahead of the clock still moves forward', async () => {
    const ahead = NOW + 60_000
    await h.api.db.workspaces.update((q) => q.where({ id: production.id }), {
      data(draft) {
        draft.updated = ahead
      },
    })
    const next = await update(production.id, { description: 'later' })
    expect(next.updated).toBeGreaterThan(ahead)
  })
})

describe('collections kept from api.db', () => {
  test('show the initial state again after reset()', async () => {
    const workspaces = h.api.db.workspaces
    const created = await create('Gone after reset')
    expect(workspaces.all().map((w) => w.id)).toContain(created.id)
    await h.api.reset()
    expect(workspaces.all().map((w) => w.id)).toEqual([production.id, staging.id])
  })
})
