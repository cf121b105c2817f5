/** Factories, scenario presets and user scenarios (no HTTP here; ordering.test.ts serves a user scenario). */
import { describe, expect, test } from 'vitest'
import {
  buildApplication,
  buildScenario,
  buildWorkspace,
  createFactories,
  createMockApi,
  InvalidStateError,
  scale,
  validateState,
  type Scenario,
  type ScenarioState,
} from '../../src/index.ts'
import {
  APPLICATION_FIELDS,
  expectApplicationRecord,
  expectWorkspaceRecord,
  WORKSPACE_FIELDS,
} from '../support/api-assertions.ts'

function counts(state: ScenarioState) {
  const appsPer = new Map(state.workspaces.map((w) => [w.id, 0]))
  for (const app of state.applications) appsPer.set(app.workspace, (appsPer.get(app.workspace) ?? 0) + 1)
  return {
    organizations: state.organizations.length,
    accounts: state.accounts.length,
    workspaces: state.workspaces.length,
    applications: state.applications.length,
    appsPerWorkspace: [...appsPer.values()],
  }
}

/** Every reference of a state points at a record of the right organization. */
function expectConsistent(state: ScenarioState) {
  validateState(state)
  const ids = [
    ...state.organizations,
    ...state.accounts,
    ...state.workspaces,
    ...state.applications,
  ].map((r) => r.id)
  expect(new Set(ids).size).toBe(ids.length)
  const orgOfWorkspace = new Map(state.workspaces.map((w) => [w.id, w.organization]))
  const orgOfAccount = new Map(state.accounts.map((a) => [a.id, a.organization]))
  const problems: string[] = []
  for (const w of state.workspaces) {
    for (const by of [w.created_by, w.modified_by]) {
      if (orgOfAccount.get(by) !== w.organization) problems.push(`${w.id}: author ${by} outside its organization`)
    }
  }
  for (const a of state.applications) {
    const org = orgOfWorkspace.get(a.workspace)
    if (!org) problems.push(`${a.id}: no workspace ${a.workspace}`)
    for (const by of [a.created_by, a.modified_by]) {
      if (orgOfAccount.get(by) !== org) problems.push(`${a.id}: author ${by} outside its organization`)
    }
    if (a.created > a.updated) problems.push(`${a.id}: created after updated`)
  }
  expect(problems).toEqual([])
}

describe('factories', () => {
  test('buildWorkspace({ name }) and buildApplication({ port }) apply the override and stay valid', () => {
    const f = createFactories({ seed: 10 })
    const workspace = f.buildWorkspace({ name: 'x' })
    expect(workspace.name).toBe('x')
    expectWorkspaceRecord(workspace)
    const application = f.buildApplication({ port: '443' })
    expect(application.port).toBe('443')
    expectApplicationRecord(application)
    // The module's ready-made builders too.
    expect(buildWorkspace({ name: 'x' }).name).toBe('x')
    expect(buildApplication({ port: '443' }).port).toBe('443')
    expectApplicationRecord(buildApplication({ port: '443' }))
  })

  /** A value no factory produces by default, of the same type as `value`. */
  function sentinel(value: unknown): unknown {
    if (typeof value === 'string') return `${value}~override`
    if (typeof value === 'number') return 1_000_000_000_000
    if (Array.isArray(value)) return []
    return createFactories({ seed: 99 }).buildIcons()
  }

  test('every field of a workspace can be overridden, one at a time or all at once', () => {
    const f = createFactories({ seed: 1 })
    const template = f.buildWorkspace()
    const overrides = Object.fromEntries(WORKSPACE_FIELDS.map((k) => [k, sentinel(template[k])]))
    for (const field of WORKSPACE_FIELDS) {
      expect(f.buildWorkspace({ [field]: overrides[field] })[field], field).toEqual(overrides[field])
    }
    expect(f.buildWorkspace(overrides)).toEqual(overrides)
  })

  test('every field of an application can be overridden, one at a time or all at once', () => {
    const f = createFactories({ seed: 1 })
    const template = f.buildApplication()
    const overrides = Object.fromEntries(APPLICATION_FIELDS.map((k) => [k, sentinel(template[k])]))
    for (const field of APPLICATION_FIELDS) {
      expect(f.buildApplication({ [field]: overrides[field] })[field], field).toEqual(overrides[field])
    }
    expect(f.buildApplication(overrides)).toEqual(overrides)
  })

  test('the same seed gives the same sequence of records; another seed another', () => {
    const sequence = (seed: number) => {
      const f = createFactories({ seed })
      return [f.buildWorkspace(), f.buildApplication(), f.buildApplication(), f.buildOrganization(), f.buildAccount()]
    }
    expect(sequence(5)).toEqual(sequence(5))
    expect(sequence(6)).not.toEqual(sequence(5))
  })

  test("defaults: access_type 'private' and protocol 'http', the values the spec shows", () => {
    const f = createFactories({ seed: 3 })
    const apps = Array.from({ length: 200 }, () => f.buildApplication())
    expect(new Set(apps.map((a) => a.access_type))).toEqual(new Set(['private']))
    expect(new Set(apps.map((a) => a.protocol))).toEqual(new Set(['http']))
    const demo = buildScenario('demo', { seed: 3 })
    expect(new Set(demo.applications.map((a) => a.access_type))).toEqual(new Set(['private']))
    expect(new Set(demo.applications.map((a) => a.protocol))).toEqual(new Set(['http']))
  })

  test('accessTypes and protocols options: values drawn from the given lists', () => {
    const accessTypes = ['private', 'public', 'restricted']
    const protocols = ['http', 'https']
    const f = createFactories({ seed: 4, accessTypes, protocols })
    const apps = Array.from({ length: 300 }, () => f.buildApplication())
    expect(new Set(apps.map((a) => a.access_type))).toEqual(new Set(accessTypes))
    expect(new Set(apps.map((a) => a.protocol))).toEqual(new Set(protocols))
    for (const app of apps.slice(0, 20)) expectApplicationRecord(app)
  })

  test('createMockApi passes accessTypes and protocols to the scenario', async () => {
    const api = createMockApi({ scenario: 'demo', seed: 4, accessTypes: ['public'], protocols: ['https'] })
    await api.ready
    const apps = api.snapshot().applications
    expect(apps.length).toBeGreaterThan(0)
    expect(apps.every((a) => a.access_type === 'public' && a.protocol === 'https')).toBe(true)
  })

  test('workspaces past the ten templates are numbered in name and domain, from 2 on', () => {
    const factories = createFactories({ seed: 5 })
    const at = (index: number) => factories.buildWorkspace({}, { index })
    const [first, second] = [at(0), at(1)]
    expect(first.name).not.toMatch(/ \d+$/)
    expect(at(10)).toMatchObject({ name: `${first.name} 2`, domain: `${first.domain}-2` })
    expect(at(21)).toMatchObject({ name: `${second.name} 3`, domain: `${second.domain}-3` })
    expect(at(9).name).not.toMatch(/ \d+$/)
  })

  test('records look like an internal estate: numeric ports, host names, non-empty names', () => {
    const state = buildScenario('demo', { seed: 17 })
    const host = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/
    for (const app of state.applications) {
      expect(app.name.trim().length).toBeGreaterThan(0)
      for (const port of [app.port, app.port_alias]) {
        expect(port).toMatch(/^[0-9]+$/)
        expect(Number(port)).toBeGreaterThan(0)
        expect(Number(port)).toBeLessThanOrEqual(65535)
      }
      expect(app.domain_alias).toMatch(host)
      expect(app.external_domain).toMatch(host)
      expect(app.gateways.length + app.group_or_users.length + app.policies.length).toBeGreaterThan(0)
    }
    expect(new Set(state.applications.map((a) => a.name)).size).toBeGreaterThan(3)
    for (const workspace of state.workspaces) expect(workspace.name.trim().length).toBeGreaterThan(0)
  })

  test('every record of the demo scenario has the shape of spec 2.3 to 2.5', () => {
    const state = buildScenario('demo', { seed: 18 })
    for (const workspace of state.workspaces) expectWorkspaceRecord(workspace)
    for (const application of state.applications) expectApplicationRecord(application)
  })

  test('ids are prefix + lowercase hex within 36 characters and timestamps 13 digits in the big scenario', () => {
    const state = buildScenario('paging', { seed: 19 })
    const bad: string[] = []
    const id = (value: string, prefix: string) => {
      if (!new RegExp(`^${prefix}_[0-9a-f]+$`).test(value) || value.length > 36) bad.push(value)
    }
    for (const app of state.applications) {
      id(app.id, 'app')
      id(app.workspace, 'wse')
      id(app.created_by, 'acc')
      for (const t of [app.created, app.updated]) if (!/^[0-9]{13}$/.test(String(t))) bad.push(`${app.id} ${t}`)
      if (app.created > app.updated) bad.push(`${app.id} created > updated`)
    }
    expect(bad).toEqual([])
  })
})

describe('scenario presets', () => {
  test('empty: one organization, one principal, nothing else', () => {
    const state = buildScenario('empty', { seed: 1 })
    expect(counts(state)).toEqual({
      organizations: 1,
      accounts: 1,
      workspaces: 0,
      applications: 0,
      appsPerWorkspace: [],
    })
    expect(state.accounts[0]!.organization).toBe(state.organizations[0]!.id)
    expectConsistent(state)
  })

  test('demo: one organization, 3 to 6 workspaces, 5 to 40 applications each (over many seeds)', () => {
    const sizes = new Set<number>()
    for (let seed = 1; seed <= 25; seed++) {
      const state = buildScenario('demo', { seed })
      const c = counts(state)
      expect(c.organizations).toBe(1)
      expect(c.accounts).toBeGreaterThanOrEqual(1)
      expect(c.workspaces).toBeGreaterThanOrEqual(3)
      expect(c.workspaces).toBeLessThanOrEqual(6)
      for (const n of c.appsPerWorkspace) {
        expect(n).toBeGreaterThanOrEqual(5)
        expect(n).toBeLessThanOrEqual(40)
      }
      sizes.add(c.workspaces)
      expectConsistent(state)
    }
    expect(sizes.size).toBeGreaterThan(1)
  })

  test('paging: one workspace with 1,234 applications', () => {
    const state = buildScenario('paging', { seed: 2 })
    const c = counts(state)
    expect(c.organizations).toBe(1)
    expect(c.accounts).toBeGreaterThanOrEqual(1)
    expect(c.appsPerWorkspace).toEqual([1234])
    expectConsistent(state)
  })

  test('multi-tenant: two organizations, each with its own principal, workspaces and applications', () => {
    for (const seed of [1, 2, 3]) {
      const state = buildScenario('multi-tenant', { seed })
      expect(state.organizations).toHaveLength(2)
      for (const org of state.organizations) {
        const accounts = state.accounts.filter((a) => a.organization === org.id)
        const workspaces = state.workspaces.filter((w) => w.organization === org.id)
        const ids = new Set(workspaces.map((w) => w.id))
        const apps = state.applications.filter((a) => ids.has(a.workspace))
        expect(accounts.length, org.name).toBeGreaterThanOrEqual(1)
        expect(workspaces.length, org.name).toBeGreaterThanOrEqual(1)
        expect(apps.length, org.name).toBeGreaterThanOrEqual(1)
      }
      expectConsistent(state)
    }
  })

  test('scale({ workspaces: 3, applicationsPerWorkspace: 7 }), also as "scale:3x7"', () => {
    const state = buildScenario(scale({ workspaces: 3, applicationsPerWorkspace: 7 }), { seed: 5 })
    const c = counts(state)
    expect(c.organizations).toBe(1)
    expect(c.accounts).toBeGreaterThanOrEqual(1)
    expect(c.workspaces).toBe(3)
    expect(c.appsPerWorkspace).toEqual([7, 7, 7])
    expectConsistent(state)
    expect(buildScenario('scale:3x7', { seed: 5 })).toEqual(state)
    expect(counts(buildScenario(scale({ workspaces: 0, applicationsPerWorkspace: 9 })))).toMatchObject({
      workspaces: 0,
      applications: 0,
    })
  })

  test('scale() refuses counts that are not non-negative integers', () => {
    expect(() => scale({ workspaces: -1, applicationsPerWorkspace: 1 })).toThrow(TypeError)
    expect(() => scale({ workspaces: 1, applicationsPerWorkspace: 1.5 })).toThrow(TypeError)
    expect(() => scale({ workspaces: Number.NaN, applicationsPerWorkspace: 1 })).toThrow(TypeError)
  })
})

describe('user scenarios', () => {
  test('a scenario function using the kit and its factories becomes the API state', async () => {
    const mine: Scenario = (kit) => {
      const org = kit.organization({ name: 'Mine Inc' })
      const me = kit.principal(org)
      const team = kit.workspace(org, { name: 'Team' })
      kit.application(team, { name: 'Portal', port: '443' })
      // Records built straight from the factories, wired by hand.
      const lab = kit.factories.buildWorkspace(
        { name: 'Lab', created_by: me.id, modified_by: me.id },
        { organization: org },
      )
      kit.state.workspaces.push(lab)
      kit.state.applications.push(
        kit.factories.buildApplication({ created_by: me.id, modified_by: me.id }, { workspace: lab }),
      )
    }
    const api = createMockApi({ scenario: mine, seed: 8 })
    await api.ready
    const state = api.snapshot()
    expect(state).toEqual(buildScenario(mine, { seed: 8, assetsOrigin: 'http://localhost:4010' }))
    expect(state.workspaces.map((w) => w.name)).toEqual(['Team', 'Lab'])
    expect(state.applications.find((a) => a.name === 'Portal')!.port).toBe('443')
    expect(api.principals).toHaveLength(1)
    expect(api.principals[0]!.organization).toBe(state.organizations[0]!.id)
    expect(api.credentials).toEqual({
      apiKey: state.accounts[0]!.apiKey,
      apiSecret: state.accounts[0]!.apiSecret,
    })
    expectConsistent(state)
  })

  test('a scenario with a dangling reference is refused with InvalidStateError', () => {
    const broken: Scenario = (kit) => {
      const org = kit.organization()
      kit.principal(org)
      kit.state.applications.push(kit.factories.buildApplication())
    }
    expect(() => createMockApi({ scenario: broken })).toThrow(InvalidStateError)
  })

  test('a scenario without a principal is refused', () => {
    expect(() => createMockApi({ scenario: (kit) => void kit.organization() })).toThrow(TypeError)
  })
})
