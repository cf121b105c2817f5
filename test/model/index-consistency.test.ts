import fc from 'fast-check'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createFactories, createMockApi, unshownOperations, type Application, type Workspace } from '../../src/index.ts'
import { compareByCreatedThenId } from '../../src/model/ordering.ts'

/** A property's time limit: the mutation run sets a short one, so that a mutant that hangs it fails fast. */
const PROPERTY_TIMEOUT_MS = Number(process.env.PROPERTY_TIMEOUT_MS ?? 120_000)

/**
 * The indexes must answer exactly what a naive scan of the @msw/data collections answers, after any
 * sequence of API creates, updates and deletes (the presets': dropped from the indexes in place), direct
 * writes to `api.db`, and resets. The origin is plain http:
 * with https, MSW's interceptor sets up TLS for each of the property's few thousand requests (a quarter of
 * the file's CPU).
 */
const ORIGIN = 'http://consistency.test'
const api = createMockApi({ scenario: 'multi-tenant', seed: 17, baseUrl: ORIGIN, strict: false, journalLimit: 0, operations: unshownOperations })
const server = setupServer(...api.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => server.close())

const factories = createFactories({ seed: 23 })
const SEED = Number(process.env.CONSISTENCY_SEED ?? 20261121)

const call = async (principal: number, path: string, init: RequestInit & { workspace?: string } = {}) => {
  const who = api.principals[principal]!
  const headers: Record<string, string> = { 'X-API-Key': who.apiKey, 'X-API-Secret': who.apiSecret }
  if (init.workspace) headers['X-Workspace-ID'] = init.workspace
  if (init.body) headers['Content-Type'] = 'application/json'
  const res = await fetch(`${ORIGIN}${path}`, { ...init, headers })
  return { status: res.status, body: res.status === 204 ? undefined : ((await res.json()) as any) }
}

const naiveWorkspaces = (organization: string): Workspace[] =>
  api.db.workspaces.findMany((q) => q.where({ organization })).sort(compareByCreatedThenId)
const naiveApplications = (workspace: string): Application[] =>
  api.db.applications.findMany((q) => q.where({ workspace })).sort(compareByCreatedThenId)

type Step =
  | { kind: 'create'; principal: number; name: string }
  | { kind: 'update'; principal: number; pick: number; name: string }
  | { kind: 'dbCreateApp'; pick: number; created: number }
  | { kind: 'dbUpdateApp'; pick: number; created: number }
  | { kind: 'dbDeleteApp'; pick: number }
  | { kind: 'deleteApp'; pick: number }
  | { kind: 'deleteWorkspace'; principal: number; pick: number }
  | { kind: 'reset' }

const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('create' as const), principal: fc.nat(1), name: fc.string({ minLength: 1, maxLength: 12 }) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('update' as const), principal: fc.nat(1), pick: fc.nat(), name: fc.string({ minLength: 1, maxLength: 12 }) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('dbCreateApp' as const), pick: fc.nat(), created: fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('dbUpdateApp' as const), pick: fc.nat(), created: fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('dbDeleteApp' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('deleteApp' as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('deleteWorkspace' as const), principal: fc.nat(1), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'reset' as const }), weight: 1 },
)

async function apply(s: Step): Promise<void> {
  const all = api.db.workspaces.all()
  switch (s.kind) {
    case 'create':
      expect((await call(s.principal, '/api/workspaces', { method: 'POST', body: JSON.stringify({ name: s.name }) })).status).toBe(200)
      return
    case 'update': {
      const own = all.filter((w) => w.organization === api.principals[s.principal]!.organization)
      const target = own[s.pick % own.length]!
      expect((await call(s.principal, `/api/workspaces/${target.id}`, { method: 'PUT', body: JSON.stringify({ name: s.name }) })).status).toBe(200)
      return
    }
    case 'dbCreateApp': {
      const workspace = all[s.pick % all.length]!
      await api.db.applications.create(factories.buildApplication({ workspace: workspace.id, created: s.created, updated: s.created }))
      return
    }
    case 'dbUpdateApp': {
      const apps = api.db.applications.all()
      const target = apps[s.pick % apps.length]!
      await api.db.applications.update(target, { data: (d) => void ((d.created = s.created), (d.updated = s.created)) })
      return
    }
    case 'dbDeleteApp': {
      const apps = api.db.applications.all()
      api.db.applications.delete(apps[s.pick % apps.length]!)
      return
    }
    case 'deleteApp': {
      const apps = api.db.applications.all()
      const target = apps[s.pick % apps.length]
      if (!target) return
      const principal = api.principals.findIndex((p) => p.organization === all.find((w) => w.id === target.workspace)!.organization)
      expect((await call(principal, `/api/applications/${target.id}`, { method: 'DELETE', workspace: target.workspace })).status).toBe(204)
      return
    }
    case 'deleteWorkspace': {
      const own = all.filter((w) => w.organization === api.principals[s.principal]!.organization)
      const target = own[s.pick % own.length]
      if (target) expect((await call(s.principal, `/api/workspaces/${target.id}`, { method: 'DELETE' })).status).toBe(204)
      return
    }
    case 'reset':
      await api.reset()
  }
}

async function checkEverything(): Promise<void> {
  for (const [index, principal] of api.principals.entries()) {
    const listed = (await call(index, '/api/workspaces')).body.data as Workspace[]
    expect(listed.map((w) => w.id)).toEqual(naiveWorkspaces(principal.organization).map((w) => w.id))
    for (const workspace of listed) {
      const expected = naiveApplications(workspace.id)
      const got: string[] = []
      for (let page = 1; page <= Math.ceil(expected.length / 10) + 1; page++) {
        const res = await call(index, `/api/applications?current_page=${page}`, { workspace: workspace.id })
        expect(res.body.total).toBe(expected.length)
        got.push(...res.body.data.map((a: Application) => a.id))
      }
      expect(got).toEqual(expected.map((a) => a.id))
      const one = expected[0]
      if (one) {
        expect((await call(index, `/api/applications/${one.id}`, { workspace: workspace.id })).body.data).toEqual(one)
      }
      expect((await call(index, `/api/workspaces/${workspace.id}`)).body.data).toEqual(
        api.db.workspaces.findFirst((q) => q.where({ id: workspace.id })),
      )
    }
  }
}

test('indexes agree with a naive scan after random sequences of writes and resets', async () => {
  await api.ready
  console.log(`index consistency seed: ${SEED}`)
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 15 }), async (steps) => {
      await api.reset()
      for (const s of steps) {
        await apply(s)
        await checkEverything()
      }
    }),
    { seed: SEED, numRuns: 8 },
  )
}, PROPERTY_TIMEOUT_MS)
