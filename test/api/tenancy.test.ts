/** Authentication (spec 5) and tenant isolation on the 'multi-tenant' scenario. */
import { describe, expect, test } from 'vitest'
import type { Principal } from '../../src/index.ts'
import {
  byCreatedThenId,
  expectProblem,
  expectSuccess,
  expectSameState,
  stateText,
  withoutStateChange,
} from '../support/api-assertions.ts'
import { ORIGIN, useHarness, type CallInit } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'multi-tenant', seed: 9 })
const at = { origin: ORIGIN }

function tenants() {
  const [a, b] = h.api.principals
  expect(h.api.principals).toHaveLength(2)
  expect(a!.organization).not.toBe(b!.organization)
  const state = h.api.snapshot()
  const of = (p: Principal) => {
    const workspaces = state.workspaces.filter((w) => w.organization === p.organization).sort(byCreatedThenId)
    const ids = new Set(workspaces.map((w) => w.id))
    const applications = state.applications.filter((x) => ids.has(x.workspace)).sort(byCreatedThenId)
    return { principal: p, workspaces, applications }
  }
  return { a: of(a!), b: of(b!), state }
}

/** An id of the same length and prefix as `id` that names nothing. */
function absentLike(id: string): string {
  const known = new Set([
    ...h.api.snapshot().workspaces.map((w) => w.id),
    ...h.api.snapshot().applications.map((x) => x.id),
  ])
  const prefix = id.slice(0, id.indexOf('_') + 1)
  const candidate = `${prefix}${'c'.repeat(id.length - prefix.length)}`
  expect(known.has(candidate)).toBe(false)
  return candidate
}

/**
 * Two 404 problems are indistinguishable: same status, title, headers of note and body shape; the detail
 * differs only by the id it echoes.
 */
function expectSameNotFound(foreign: any, absent: any, foreignId: string, absentId: string) {
  expect(foreign.status).toBe(404)
  expect(absent.status).toBe(404)
  expect(Object.keys(foreign.body).sort()).toEqual(Object.keys(absent.body).sort())
  expect(foreign.body.title).toBe(absent.body.title)
  expect(foreign.body.$schema).toBe(absent.body.$schema)
  expect(foreign.body.errors).toEqual(absent.body.errors)
  expect(foreign.body.detail.split(foreignId).join('<id>')).toBe(absent.body.detail.split(absentId).join('<id>'))
  for (const header of ['Content-Type', 'Link', 'WWW-Authenticate', 'Allow']) {
    expect(foreign.response.headers.get(header), header).toBe(absent.response.headers.get(header))
  }
}

describe('tenant isolation', () => {
  test('each principal lists only its own organization workspaces', async () => {
    const { a, b } = tenants()
    expect(a.workspaces.length).toBeGreaterThan(0)
    expect(b.workspaces.length).toBeGreaterThan(0)
    for (const tenant of [a, b]) {
      const res = await h.call('/api/workspaces', { principal: tenant.principal })
      const body = expectSuccess(res, 'SuccessResponseListWorkspaceBody', at)
      expect(body.data).toEqual(tenant.workspaces)
    }
  })

  test("A's own workspace and application are readable by A", async () => {
    const { a } = tenants()
    const workspace = a.workspaces[0]!
    const app = a.applications.find((x) => x.workspace === workspace.id)!
    expectSuccess(await h.call(`/api/workspaces/${workspace.id}`), 'SuccessResponseWorkspaceBody', at)
    expectSuccess(
      await h.call(`/api/applications/${app.id}`, { workspace: workspace.id }),
      'SuccessResponseApplicationBody',
      at,
    )
  })

  test("B's workspace by path, as A: 404 indistinguishable from an id that does not exist", async () => {
    const { a, b } = tenants()
    const foreignId = b.workspaces[0]!.id
    const absentId = absentLike(foreignId)
    const as = { principal: a.principal }
    const foreign = await withoutStateChange(h.api, () => h.call(`/api/workspaces/${foreignId}`, as))
    const absent = await withoutStateChange(h.api, () => h.call(`/api/workspaces/${absentId}`, as))
    expectProblem(foreign, 404, at)
    expectProblem(absent, 404, at)
    expectSameNotFound(foreign, absent, foreignId, absentId)
  })

  test("B's workspace in X-Workspace-ID, as A: 404 indistinguishable from an id that does not exist", async () => {
    const { a, b } = tenants()
    const foreignId = b.workspaces[0]!.id
    const absentId = absentLike(foreignId)
    const as: CallInit = { principal: a.principal }
    const foreign = await withoutStateChange(h.api, () =>
      h.call('/api/applications', { ...as, workspace: foreignId }),
    )
    const absent = await withoutStateChange(h.api, () =>
      h.call('/api/applications', { ...as, workspace: absentId }),
    )
    expectProblem(foreign, 404, at)
    expectSameNotFound(foreign, absent, foreignId, absentId)
  })

  test("B's application, as A, with B's workspace or with A's own: 404", async () => {
    const { a, b } = tenants()
    const app = b.applications[0]!
    const as = { principal: a.principal }
    const absentId = absentLike(app.id)
    for (const scope of [app.workspace, a.workspaces[0]!.id]) {
      const foreign = await withoutStateChange(h.api, () =>
        h.call(`/api/applications/${app.id}`, { ...as, workspace: scope }),
      )
      expectProblem(foreign, 404, at)
    }
    // With A's own workspace, B's application looks like one that does not exist.
    const foreign = await h.call(`/api/applications/${app.id}`, { ...as, workspace: a.workspaces[0]!.id })
    const absent = await h.call(`/api/applications/${absentId}`, { ...as, workspace: a.workspaces[0]!.id })
    expectSameNotFound(foreign, absent, app.id, absentId)
  })

  test("updating B's workspace as A: 404, B's workspace unchanged", async () => {
    const { a, b } = tenants()
    const target = b.workspaces[0]!
    const res = await withoutStateChange(h.api, () =>
      h.call(`/api/workspaces/${target.id}`, {
        method: 'PUT',
        json: { name: 'hijacked' },
        principal: a.principal,
      }),
    )
    expectProblem(res, 404, at)
    const read = await h.call(`/api/workspaces/${target.id}`, { principal: b.principal })
    expect(expectSuccess(read, 'SuccessResponseWorkspaceBody', at).data).toEqual(target)
  })

  test("a workspace A creates is A's, and invisible to B", async () => {
    const { a, b } = tenants()
    const res = await h.call('/api/workspaces', {
      method: 'POST',
      json: { name: 'A only' },
      principal: a.principal,
    })
    const created = expectSuccess(res, 'SuccessResponseWorkspaceBody', at).data
    expect(created.organization).toBe(a.principal.organization)
    expect(created.created_by).toBe(a.principal.account)
    const listB = await h.call('/api/workspaces', { principal: b.principal })
    expect(expectSuccess(listB, 'SuccessResponseListWorkspaceBody', at).data).toEqual(b.workspaces)
    const readB = await h.call(`/api/workspaces/${created.id}`, { principal: b.principal })
    expectProblem(readB, 404, at)
  })
})

describe('authentication', () => {
  const wrong = (p: Principal, change: Partial<Principal>): Principal => ({ ...p, ...change })

  /** Every operation, as a request that would succeed with the right credentials. */
  function operations(): [string, string, Omit<CallInit, 'principal'>][] {
    const { a } = tenants()
    const workspace = a.workspaces[0]!
    const app = a.applications.find((x) => x.workspace === workspace.id)!
    return [
      ['listWorkspaces', '/api/workspaces', {}],
      ['getWorkspace', `/api/workspaces/${workspace.id}`, {}],
      ['createWorkspace', '/api/workspaces', { method: 'POST', json: { name: 'x' } }],
      ['updateWorkspace', `/api/workspaces/${workspace.id}`, { method: 'PUT', json: { name: 'x' } }],
      ['listApplications', '/api/applications', { workspace: workspace.id }],
      ['getApplication', `/api/applications/${app.id}`, { workspace: workspace.id }],
    ]
  }

  function credentialVariants(): [string, CallInit][] {
    const { a, b } = tenants()
    const p = a.principal
    return [
      ['no credentials', { principal: null }],
      ['key only', { principal: null, headers: { 'X-API-Key': p.apiKey } }],
      ['secret only', { principal: null, headers: { 'X-API-Secret': p.apiSecret } }],
      ['unknown key', { principal: wrong(p, { apiKey: `${p.apiKey}x` }) }],
      ['wrong secret', { principal: wrong(p, { apiSecret: `${p.apiSecret}x` }) }],
      ["A's key with B's secret", { principal: wrong(p, { apiSecret: b.principal.apiSecret }) }],
      ['secret in the key header', { principal: wrong(p, { apiKey: p.apiSecret, apiSecret: p.apiKey }) }],
      ['key with a different case', { principal: wrong(p, { apiKey: p.apiKey.toUpperCase() }) }],
    ]
  }

  test('every operation succeeds with the right credentials (control)', async () => {
    for (const [name, path, init] of operations()) {
      const res = await h.call(path, init)
      expect(res.status, name).toBe(200)
    }
  })

  test('every operation answers 401 with WWW-Authenticate for every bad credential, changing nothing', async () => {
    let checked = 0
    for (const [name, path, init] of operations()) {
      for (const [variant, credentials] of credentialVariants()) {
        const headers = { ...(init as { headers?: Record<string, string> }).headers, ...(credentials.headers as Record<string, string>) }
        const res = await withoutStateChange(h.api, () => h.call(path, { ...init, ...credentials, headers }))
        expect(res.status, `${name} with ${variant}`).toBe(401)
        expectProblem(res, 401, at)
        expect(res.response.headers.get('WWW-Authenticate'), `${name} with ${variant}`).toBeTruthy()
        checked++
      }
    }
    expect(checked).toBe(6 * 8)
  })

  test('authentication comes before body validation: no credentials and a bad body is 401', async () => {
    const before = stateText(h.api)
    const res = await h.call('/api/workspaces', { method: 'POST', json: { nope: 1 }, principal: null })
    expectProblem(res, 401, at)
    expectSameState(stateText(h.api), before)
  })

  test('authentication comes before scoping: a foreign workspace without credentials is 401, not 404', async () => {
    const { b } = tenants()
    const res = await h.call('/api/applications', { principal: null, workspace: b.workspaces[0]!.id })
    expectProblem(res, 401, at)
  })
})
