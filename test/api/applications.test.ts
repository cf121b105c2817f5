/** Application operations (spec 4.5, 4.6) on the demo scenario: every workspace, scoping, path ids. */
import { describe, expect, test } from 'vitest'
import {
  byCreatedThenId,
  errorAt,
  expectApplicationRecord,
  expectProblem,
  expectSuccess,
  withoutStateChange,
} from '../support/api-assertions.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'demo', seed: 77 })
const at = { origin: ORIGIN }
const PAGE = 'PagingResponseListApplicationBody'
const ITEM = 'SuccessResponseApplicationBody'

function stored() {
  const state = h.api.snapshot()
  const workspaces = state.workspaces.sort(byCreatedThenId)
  const appsOf = (workspace: string) =>
    state.applications.filter((a) => a.workspace === workspace).sort(byCreatedThenId)
  return { workspaces, appsOf, applications: state.applications }
}

function unknownId(prefix: string): string {
  const known = new Set(h.api.snapshot().applications.map((a) => a.id))
  const id = `${prefix}_${'e'.repeat(32)}`
  expect(known.has(id)).toBe(false)
  expect(id).toHaveLength(36)
  return id
}

describe('GET /api/applications', () => {
  test('every workspace lists exactly its applications, as stored, by created then id', async () => {
    const { workspaces, appsOf } = stored()
    expect(workspaces.length).toBeGreaterThanOrEqual(3)
    for (const workspace of workspaces) {
      const expected = appsOf(workspace.id)
      const res = await h.call('/api/applications?page_size=100', { workspace: workspace.id })
      const body = expectSuccess(res, PAGE, at)
      expect(body).toMatchObject({ current_page: 1, page_size: 100, total: expected.length })
      expect(body.data).toEqual(expected)
      for (const record of body.data) {
        expectApplicationRecord(record)
        expect(record.workspace).toBe(workspace.id)
      }
    }
  })

  test('X-Workspace-ID missing: 422 at header.X-Workspace-ID', async () => {
    const res = await withoutStateChange(h.api, () => h.call('/api/applications'))
    expectProblem(res, 422, { ...at, locations: ['header.X-Workspace-ID'] })
  })

  test('X-Workspace-ID missing and a bad page size: both reported in one 422', async () => {
    const res = await withoutStateChange(h.api, () => h.call('/api/applications?page_size=5'))
    expectProblem(res, 422, { ...at, locations: ['header.X-Workspace-ID', 'query.page_size'] })
  })

  test('X-Workspace-ID of a workspace that does not exist: 404', async () => {
    const res = await withoutStateChange(h.api, () =>
      h.call('/api/applications', { workspace: `wse_${'a'.repeat(32)}` }),
    )
    expectProblem(res, 404, at)
  })
})

describe('GET /api/applications/{applicationId}', () => {
  test('returns applications of every workspace by id, equal to the list entry', async () => {
    const { workspaces, appsOf } = stored()
    for (const workspace of workspaces) {
      const apps = appsOf(workspace.id)
      for (const app of [apps[0]!, apps[apps.length - 1]!]) {
        expect(app.id.length).toBeLessThanOrEqual(36)
        const res = await h.call(`/api/applications/${app.id}`, { workspace: workspace.id })
        const body = expectSuccess(res, ITEM, at)
        expectApplicationRecord(body.data)
        expect(body.data).toEqual(app)
      }
    }
  })

  test('an application of another workspace of the same organization: 404', async () => {
    const { workspaces, appsOf } = stored()
    const [first, second] = workspaces
    const app = appsOf(second!.id)[0]!
    const res = await withoutStateChange(h.api, () =>
      h.call(`/api/applications/${app.id}`, { workspace: first!.id }),
    )
    expectProblem(res, 404, at)
    // The same id is found in its own workspace.
    expectSuccess(await h.call(`/api/applications/${app.id}`, { workspace: second!.id }), ITEM, at)
  })

  test('X-Workspace-ID missing: 422 at header.X-Workspace-ID', async () => {
    const { applications } = stored()
    const res = await withoutStateChange(h.api, () => h.call(`/api/applications/${applications[0]!.id}`))
    expectProblem(res, 422, { ...at, locations: ['header.X-Workspace-ID'] })
  })

  test('an id of 37 characters: 422 at path.applicationId', async () => {
    const { applications } = stored()
    const app = applications[0]!
    const id = `${app.id}a`
    expect(id).toHaveLength(37)
    const res = await withoutStateChange(h.api, () =>
      h.call(`/api/applications/${id}`, { workspace: app.workspace }),
    )
    const body = expectProblem(res, 422, { ...at, locations: ['path.applicationId'] })
    expect(errorAt(body, 'path.applicationId').value).toBe(id)
  })

  test('an unknown 36-character id: 404', async () => {
    const { workspaces } = stored()
    const res = await withoutStateChange(h.api, () =>
      h.call(`/api/applications/${unknownId('app')}`, { workspace: workspaces[0]!.id }),
    )
    expectProblem(res, 404, at)
  })

  test('a workspace id used as an application id: 404', async () => {
    const { workspaces } = stored()
    const res = await withoutStateChange(h.api, () =>
      h.call(`/api/applications/${workspaces[0]!.id}`, { workspace: workspaces[0]!.id }),
    )
    expectProblem(res, 404, at)
  })
})
