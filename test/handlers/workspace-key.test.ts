/**
 * Which workspace ids a client may send (docs/spec-decisions.md, "Workspace id prefix"): under
 * `workspaceIdPrefix: 'app'` both `app_<hex>` and `wse_<hex>` name a workspace, and nothing else does; by default
 * only `wse_<hex>`.
 */
import { setupServer, type SetupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi, type MockApi, type MockApiOptions } from '../../src/index.ts'
import { expectProblem } from '../support/api-assertions.ts'
import { checkedFetch } from '../support/checked-fetch.ts'
import { ORIGIN } from '../support/mock-server.ts'

const at = { origin: ORIGIN }

// Built in beforeAll, not while the file is collected: what createMockApi sets up for the option (the id
// mapper, the serializer) then counts as run by these tests (StrykerJS's per-test coverage).
function serve(workspaceIdPrefix: MockApiOptions['workspaceIdPrefix']) {
  let api: MockApi
  let server: SetupServer
  beforeAll(async () => {
    api = createMockApi({ scenario: 'demo', seed: 3, baseUrl: ORIGIN, workspaceIdPrefix })
    server = setupServer(...api.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    await api.ready
  })
  afterAll(() => server.close())
  const hex = () => {
    const id = api.db.workspaces.all()[0]!.id
    return id.slice(id.indexOf('_') + 1)
  }
  const get = (id: string) => checkedFetch(`${ORIGIN}/api/workspaces/${id}`, { as: api.credentials })
  const list = (id: string) => checkedFetch(`${ORIGIN}/api/applications`, { as: api.credentials, workspace: id })
  return { hex, get, list }
}

describe("workspaceIdPrefix: 'app'", () => {
  const { hex, get, list } = serve('app')

  test('app_<hex> and wse_<hex> name the workspace, which shows its id as app_<hex>', async () => {
    const byApp = await get(`app_${hex()}`)
    expect(byApp.status).toBe(200)
    expect(byApp.body.data.id).toBe(`app_${hex()}`)
    const byWse = await get(`wse_${hex()}`)
    expect(byWse.status).toBe(200)
    expect(byWse.body.data.id).toBe(`app_${hex()}`)
  })

  test('another prefix with the same hex part is 404, in the path and in X-Workspace-ID', async () => {
    const res = await get(`usr_${hex()}`)
    expect(expectProblem(res, 404, at).detail).toBe(`workspace usr_${hex()} not found`)
    expectProblem(await list(`img_${hex()}`), 404, at)
  })

  test('the bare hex part is 404', async () => {
    expectProblem(await get(hex()), 404, at)
  })
})

describe("workspaceIdPrefix: 'wse' (the default)", () => {
  const { hex, get, list } = serve('wse')

  test('only wse_<hex> names the workspace; app_<hex> is 404', async () => {
    const found = await get(`wse_${hex()}`)
    expect(found.status).toBe(200)
    expect(found.body.data.id).toBe(`wse_${hex()}`)
    expectProblem(await get(`app_${hex()}`), 404, at)
    expectProblem(await list(`app_${hex()}`), 404, at)
  })
})
