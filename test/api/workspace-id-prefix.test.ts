/** The `workspaceIdPrefix: 'app'` option: workspace records show the spec sample's `app_` ids. */
import { describe, expect, test } from 'vitest'
import {
  expectApplicationRecord,
  expectProblem,
  expectSuccess,
  expectWorkspaceRecord,
} from '../support/api-assertions.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'demo', seed: 13, workspaceIdPrefix: 'app' })
const at = { origin: ORIGIN }
const ITEM = 'SuccessResponseWorkspaceBody'

const hexOf = (id: string) => id.slice(id.indexOf('_') + 1)

async function shown() {
  const body = expectSuccess(await h.call('/api/workspaces'), 'SuccessResponseListWorkspaceBody', at)
  return body.data as { id: string; [key: string]: unknown }[]
}

describe("workspaceIdPrefix: 'app'", () => {
  test('workspace records show app_ ids with the stored hex part', async () => {
    const stored = h.api.snapshot().workspaces
    const list = await shown()
    expect(list.length).toBe(stored.length)
    for (const record of list) {
      expectWorkspaceRecord(record, 'app')
      expect(record.id.startsWith('app_')).toBe(true)
      expect(stored.map((w) => hexOf(w.id))).toContain(hexOf(record.id))
    }
  })

  test('GET by the shown app_ id and by the wse_ form both work and show the app_ id', async () => {
    for (const record of await shown()) {
      const byShown = expectSuccess(await h.call(`/api/workspaces/${record.id}`), ITEM, at).data
      const byWse = expectSuccess(await h.call(`/api/workspaces/wse_${hexOf(record.id)}`), ITEM, at).data
      expect(byShown).toEqual(record)
      expect(byWse).toEqual(record)
    }
  })

  test("applications keep the wse_ form in their workspace field, and X-Workspace-ID takes either form", async () => {
    const record = (await shown())[0]!
    for (const scope of [record.id, `wse_${hexOf(record.id)}`]) {
      const page = expectSuccess(
        await h.call('/api/applications', { workspace: scope }),
        'PagingResponseListApplicationBody',
        at,
      )
      expect(page.total).toBeGreaterThan(0)
      for (const app of page.data) {
        expectApplicationRecord(app)
        expect(app.workspace).toBe(`wse_${hexOf(record.id)}`)
      }
      const one = expectSuccess(
        await h.call(`/api/applications/${page.data[0].id}`, { workspace: scope }),
        'SuccessResponseApplicationBody',
        at,
      ).data
      expect(one.workspace.startsWith('wse_')).toBe(true)
    }
  })

  test('create and update go through the app_ id too', async () => {
    const created = expectSuccess(
      await h.call('/api/workspaces', { method: 'POST', json: { name: 'Quirky' } }),
      ITEM,
      at,
    ).data
    expectWorkspaceRecord(created, 'app')
    const updated = expectSuccess(
      await h.call(`/api/workspaces/${created.id}`, { method: 'PUT', json: { name: 'Quirkier' } }),
      ITEM,
      at,
    ).data
    expect(updated).toMatchObject({ id: created.id, name: 'Quirkier' })
    expect(expectSuccess(await h.call(`/api/workspaces/${created.id}`), ITEM, at).data).toEqual(updated)
  })

  test('an unknown app_ id is still a 404', async () => {
    expectProblem(await h.call(`/api/workspaces/app_${'d'.repeat(32)}`), 404, at)
  })
})
