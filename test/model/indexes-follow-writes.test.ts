/**
 * The kit's indexes follow writes made through `api.db` (docs/api.md: "The kit's indexes follow such writes"),
 * through the collections' update and delete hooks and the record counts, and start over on a reset. Each
 * test builds its own mock, so that the hooks it registers and the loads it makes run inside the test.
 */
import { describe, expect, test } from 'vitest'
import { buildAccount, buildApplication, buildWorkspace, type Application, type MockApi } from '../../src/index.ts'
import { compareByCreatedThenId } from '../../src/model/ordering.ts'
import { bareWorkspace, call, type Answer, expect200, listedIds, mock, oneWorkspace } from './handle.ts'

const organizationOf = (api: MockApi) => api.principals[0]!.organization
const accountOf = (api: MockApi) => api.principals[0]!.account

/** What a scan of the current state lists for the first principal, in the API's order. */
const scannedIds = (api: MockApi) =>
  api
    .snapshot()
    .workspaces.filter((w) => w.organization === organizationOf(api))
    .sort(compareByCreatedThenId)
    .map((w) => w.id)

const applicationIds = async (api: MockApi, workspace: string) =>
  expect200(await call(api, '/api/applications', { workspace })).body.data.map((a: Application) => a.id)

describe('accounts written through api.db', () => {
  test('an account added authenticates at once', async () => {
    const api = await mock(oneWorkspace)
    const added = await api.db.accounts.create(buildAccount({ organization: organizationOf(api) }))
    expect(await listedIds(api, added)).toEqual(scannedIds(api))
  })

  test('accounts cleared stop authenticating; the one added after them authenticates', async () => {
    const api = await mock(oneWorkspace)
    const before = api.credentials
    api.db.accounts.clear()
    expect((await call(api, '/api/workspaces', { as: before })).status).toBe(401)
    const added = await api.db.accounts.create(buildAccount({ organization: organizationOf(api) }))
    expect(await listedIds(api, added)).toEqual(scannedIds(api))
    expect((await call(api, '/api/workspaces', { as: before })).status).toBe(401)
  })

  test('an account added stops authenticating after reset()', async () => {
    const api = await mock(oneWorkspace)
    const added = await api.db.accounts.create(buildAccount({ organization: organizationOf(api) }))
    expect200(await call(api, '/api/workspaces', { as: added }))
    await api.reset()
    expect((await call(api, '/api/workspaces', { as: added })).status).toBe(401)
    expect200(await call(api, '/api/workspaces'))
  })
})

describe('workspaces and applications written through api.db', () => {
  test('the first workspace of an organization that had none is listed and served', async () => {
    const api = await mock('empty')
    expect(await listedIds(api)).toEqual([])
    const added = await api.db.workspaces.create(
      buildWorkspace({ organization: organizationOf(api), created_by: accountOf(api), modified_by: accountOf(api) }),
    )
    expect(await listedIds(api)).toEqual([added.id])
    expect(expect200(await call(api, `/api/workspaces/${added.id}`)).body.data).toEqual(added)
  })

  test('the first application of a workspace that had none is listed and served', async () => {
    const api = await mock(bareWorkspace)
    const workspace = api.snapshot().workspaces[0]!.id
    expect(await applicationIds(api, workspace)).toEqual([])
    const added = await api.db.applications.create(
      buildApplication({ workspace, created_by: accountOf(api), modified_by: accountOf(api) }),
    )
    expect(await applicationIds(api, workspace)).toEqual([added.id])
    const served = await call(api, `/api/applications/${added.id}`, { workspace })
    expect(expect200(served).body.data).toEqual(added)
  })

  test('an update shows in the item and the list at once', async () => {
    const api = await mock(oneWorkspace)
    const [workspace] = api.db.workspaces.all()
    await api.db.workspaces.update(workspace!, {
      data(draft) {
        draft.name = 'Renamed in db'
      },
    })
    expect(expect200(await call(api, `/api/workspaces/${workspace!.id}`)).body.data.name).toBe('Renamed in db')
    expect(expect200(await call(api, '/api/workspaces')).body.data.map((w: { name: string }) => w.name)).toEqual([
      'Renamed in db',
    ])
  })

  test('a delete and a create in one collection (the same count) show at once', async () => {
    const api = await mock(oneWorkspace)
    const workspace = api.snapshot().workspaces[0]!.id
    const [first, second] = await applicationIds(api, workspace)
    api.db.applications.delete((q) => q.where({ id: first }))
    const added = await api.db.applications.create(
      buildApplication({ workspace, created_by: accountOf(api), modified_by: accountOf(api) }),
    )
    const expected = [second, added.id].sort((a, b) => {
      const [x, y] = [a, b].map((id) => api.db.applications.findFirst((q) => q.where({ id }))!)
      return compareByCreatedThenId(x!, y!)
    })
    expect(await applicationIds(api, workspace)).toEqual(expected)
    expect((await call(api, `/api/applications/${first}`, { workspace })).status).toBe(404)
  })

  test('an organization without workspaces after a rebuild: an empty list, then the workspace created', async () => {
    const api = await mock('empty')
    // Any write through api.db makes the indexes rebuild on the next read, from the collections only.
    await api.db.accounts.update((q) => q.where({ id: accountOf(api) }), {
      data(draft) {
        draft.name = 'Renamed principal'
      },
    })
    expect(await listedIds(api)).toEqual([])
    const created = expect200(await call(api, '/api/workspaces', { method: 'POST', json: { name: 'First' } }))
    expect(await listedIds(api)).toEqual([created.body.data.id])
  })
})

describe('reset() and the indexes', () => {
  test('a workspace renamed through the API has its initial name again after reset()', async () => {
    const api = await mock(oneWorkspace)
    const initial = api.snapshot().workspaces[0]!
    expect200(await call(api, `/api/workspaces/${initial.id}`, { method: 'PUT', json: { name: 'Renamed' } }))
    expect(expect200(await call(api, `/api/workspaces/${initial.id}`)).body.data.name).toBe('Renamed')
    await api.reset()
    expect(expect200(await call(api, `/api/workspaces/${initial.id}`)).body.data).toEqual(initial)
    expect(expect200(await call(api, '/api/workspaces')).body.data).toEqual([initial])
  })

  test('a reset that lands while a create is under way: the list agrees with the state afterwards', async () => {
    // The clock is read inside the create, before the record is stored: a reset started there puts the
    // initial state back before the create announces its record to the indexes. Whether the record outlives
    // the reset is not the point; the list and the state must agree on it.
    let raceOnce = false
    let api!: MockApi
    const now = () => {
      if (raceOnce) {
        raceOnce = false
        void api.reset()
      }
      return Date.UTC(2026, 0, 1)
    }
    api = await mock(oneWorkspace, { now })
    raceOnce = true
    expect200(await call(api, '/api/workspaces', { method: 'POST', json: { name: 'Racing a reset' } }))
    await api.ready
    expect(raceOnce).toBe(false)
    expect(await listedIds(api)).toEqual(scannedIds(api))
  })

  test('two updates of one workspace started together, reads in between: the list shows the version stored last', async () => {
    const api = await mock(oneWorkspace)
    const id = api.snapshot().workspaces[0]!.id
    const update = (name: string) => call(api, `/api/workspaces/${id}`, { method: 'PUT', json: { name } })
    // Started in the same tick, the two updates run in lockstep: both read the same previous version. A reader
    // started between them lists the workspaces at every step, so one read falls between their two stores.
    const first = update('First')
    let updating = true
    const reads: Promise<Answer>[] = []
    const reader = (async () => {
      while (updating) {
        reads.push(call(api, '/api/workspaces'))
        await null
      }
    })()
    const second = update('Second')
    const answers = await Promise.all([first, second]).finally(() => (updating = false))
    await reader
    for (const answer of [...answers, ...(await Promise.all(reads))]) expect200(answer)
    const stored = api.snapshot().workspaces[0]!
    expect(stored.name).toBe('Second')
    expect(expect200(await call(api, `/api/workspaces/${id}`)).body.data).toEqual(stored)
    expect(expect200(await call(api, '/api/workspaces')).body.data).toEqual([stored])
  })
})

describe('an api.db update racing the API', () => {
  // Found by mutation testing: the indexes ignored update events of a record while the kit's own update of
  // it was in flight, so an api.db update landing in that window went unnoticed and the API kept serving
  // the PUT's version. The clock is read inside the PUT, just before it stores: the api.db update starts there.
  test.each([0, 1, 2, 3])('an api.db update started %i ticks into a PUT of the same workspace storing: the API serves what the collection holds', async (ticks) => {
    let raceOnce = false
    let external: Promise<unknown> | undefined
    let api!: MockApi
    const now = () => {
      if (raceOnce) {
        raceOnce = false
        external = (async () => {
          for (let i = 0; i < ticks; i++) await null
          return api.db.workspaces.update((q) => q.where({ id }), {
            data(draft) {
              draft.description = 'Set through api.db'
            },
          })
        })()
      }
      return Date.UTC(2026, 0, 1)
    }
    api = await mock(oneWorkspace, { now })
    const id = api.snapshot().workspaces[0]!.id
    raceOnce = true
    expect200(await call(api, `/api/workspaces/${id}`, { method: 'PUT', json: { name: 'Through the API' } }))
    await external
    expect(raceOnce).toBe(false)
    const stored = api.db.workspaces.findFirst((q) => q.where({ id }))!
    expect(expect200(await call(api, `/api/workspaces/${id}`)).body.data).toEqual(stored)
    expect(expect200(await call(api, '/api/workspaces')).body.data).toEqual([stored])
  })
})
