/**
 * Records loaded in bulk, seen from the public API: they are frozen (docs/api.md: "Records in `api.db` are
 * frozen"), they equal what the API serves, and records a scenario hands to several mocks are shared by them.
 * Each test builds its own mocks, so that their loads run inside the test.
 */
import { describe, expect, test } from 'vitest'
import { buildScenario, createMockApi, type Scenario } from '../../src/index.ts'
import { call, expect200, oneWorkspace, ORIGIN } from './handle.ts'

describe('loaded records', () => {
  test('are frozen, members included, and equal what the API serves', async () => {
    const api = createMockApi({ baseUrl: ORIGIN, scenario: oneWorkspace, seed: 11 })
    await api.ready
    const [workspace] = api.db.workspaces.all()
    const [application] = api.db.applications.all()
    expect(() => Object.assign(workspace!, { name: 'edited in place' })).toThrow(TypeError)
    expect(() => Object.assign(workspace!.icons, { base: 'edited in place' })).toThrow(TypeError)
    expect(() => Object.assign(application!.gateways[0]!, { name: 'edited in place' })).toThrow(TypeError)
    expect(() => application!.policies.push({ id: 'ply_0', name: 'pushed' })).toThrow(TypeError)

    expect(expect200(await call(api, `/api/workspaces/${workspace!.id}`)).body.data).toEqual(workspace)
    const served = await call(api, `/api/applications/${application!.id}`, { workspace: workspace!.id })
    expect(expect200(served).body.data).toEqual(application)
  })

  test('records a scenario hands to two mocks are shared: the second loads them, and writes stay apart', async () => {
    // Built once (say, once per test file) and handed to every mock by a scenario function.
    const built = buildScenario(oneWorkspace, { seed: 12, assetsOrigin: ORIGIN })
    const pristine = structuredClone(built)
    const reuse: Scenario = (kit) => {
      kit.state.organizations.push(...built.organizations)
      kit.state.accounts.push(...built.accounts)
      kit.state.workspaces.push(...built.workspaces)
      kit.state.applications.push(...built.applications)
    }
    const first = createMockApi({ baseUrl: ORIGIN, scenario: reuse })
    await first.ready
    const id = built.workspaces[0]!.id
    expect200(await call(first, `/api/workspaces/${id}`, { method: 'PUT', json: { name: 'Renamed in the first' } }))

    const second = createMockApi({ baseUrl: ORIGIN, scenario: reuse })
    await second.ready
    expect(second.snapshot()).toEqual(pristine)
    expect(expect200(await call(second, `/api/workspaces/${id}`)).body.data).toEqual(pristine.workspaces[0])
    expect(expect200(await call(first, `/api/workspaces/${id}`)).body.data.name).toBe('Renamed in the first')
  })
})
