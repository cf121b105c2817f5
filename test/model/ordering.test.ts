/**
 * List order is `created` ascending, then `id` ascending (docs: "The list order of the API"). These pin the
 * second key: records created in the same millisecond, inserted in neither id order nor its reverse, list
 * by id, from the loaded state, after a rebuild of the indexes (a write through `api.db`), and when a workspace
 * created through the API lands in the same millisecond as one added through `api.db`.
 */
import { describe, expect, test } from 'vitest'
import { buildWorkspace, REFERENCE_DATE, type Scenario } from '../../src/index.ts'
import { expectSuccess } from '../support/api-assertions.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const at = { origin: ORIGIN }
const SAME = REFERENCE_DATE + 60_000
/** The clock of writes made through the API: stuck at one instant, after the scenario's data. */
const NOW = SAME + 3_600_000
const wse = (digit: string) => `wse_${digit.repeat(32)}`
const app = (digit: string) => `app_${digit.repeat(32)}`

/** Three workspaces and three applications, each trio sharing one `created`, inserted as c, a, b. */
const ties: Scenario = (kit) => {
  const organization = kit.organization()
  kit.principal(organization)
  const workspaces = ['c', 'a', 'b'].map((digit) =>
    kit.workspace(organization, { id: wse(digit), created: SAME, updated: SAME }),
  )
  for (const digit of ['c', 'a', 'b']) {
    kit.application(workspaces[0]!, { id: app(digit), created: SAME, updated: SAME })
  }
}

const h = useHarness({ scenario: ties, seed: 5, now: () => NOW })

const listedWorkspaces = async (): Promise<string[]> =>
  expectSuccess(await h.call('/api/workspaces'), 'SuccessResponseListWorkspaceBody', at).data.map(
    (w: { id: string }) => w.id,
  )
const listedApplications = async (): Promise<string[]> =>
  expectSuccess(
    await h.call('/api/applications', { workspace: wse('c') }),
    'PagingResponseListApplicationBody',
    at,
  ).data.map((a: { id: string }) => a.id)

describe('records created in the same millisecond list by id', () => {
  test('the scenario really inserted them out of id order', () => {
    expect(h.api.snapshot().workspaces.map((w) => w.id)).toEqual([wse('c'), wse('a'), wse('b')])
    expect(h.api.snapshot().applications.map((a) => a.id)).toEqual([app('c'), app('a'), app('b')])
  })

  test('workspaces, as loaded', async () => {
    expect(await listedWorkspaces()).toEqual([wse('a'), wse('b'), wse('c')])
  })

  test('applications, as loaded', async () => {
    expect(await listedApplications()).toEqual([app('a'), app('b'), app('c')])
  })

  test('workspaces and applications after a write through api.db', async () => {
    await h.api.db.workspaces.update((q) => q.where({ id: wse('b') }), {
      data(draft) {
        draft.name = 'Renamed in db'
      },
    })
    expect(await listedWorkspaces()).toEqual([wse('a'), wse('b'), wse('c')])
    expect(await listedApplications()).toEqual([app('a'), app('b'), app('c')])
  })
})

describe('a workspace created through the API', () => {
  test('in the same millisecond as one added through api.db, lists by id', async () => {
    const organization = h.api.principals[0]!.organization
    const added = await h.api.db.workspaces.create(
      buildWorkspace({ id: wse('f'), organization, created: NOW, updated: NOW }),
    )
    const created = expectSuccess(
      await h.call('/api/workspaces', { method: 'POST', json: { name: 'Same instant' } }),
      'SuccessResponseWorkspaceBody',
      at,
    ).data
    // The tie this test is about: one instant, and the new id sorts before the added one.
    expect(created.created).toBe(added.created)
    expect(created.id < added.id).toBe(true)
    expect(await listedWorkspaces()).toEqual([wse('a'), wse('b'), wse('c'), created.id, added.id])
  })
})
