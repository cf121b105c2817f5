/**
 * State: determinism of builds (also across processes), isolation of instances, reset(), writes made
 * through api.db, and the write clock.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { faker as globalFaker } from '@faker-js/faker'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  buildScenario,
  createFactories,
  createMockApi,
  REFERENCE_DATE,
  type MockApi,
  type ScenarioRef,
} from '../../src/index.ts'
import {
  expectDifferentState,
  expectProblem,
  expectSameState,
  expectSuccess,
  stateText,
} from '../support/api-assertions.ts'
import { checkedFetch } from '../support/checked-fetch.ts'
import { digest, digestsOf } from '../support/scenario-digest.ts'

const run = promisify(execFile)

const PRESETS: ScenarioRef[] = ['empty', 'demo', 'paging', 'multi-tenant', 'scale:3x7']

describe('determinism', () => {
  test.each(PRESETS)('buildScenario(%s) twice with one seed: deep-equal; another seed: different', (name) => {
    const first = buildScenario(name, { seed: 42 })
    const second = buildScenario(name, { seed: 42 })
    expect(second).toEqual(first)
    expectSameState(JSON.stringify(second), JSON.stringify(first))
    expectDifferentState(JSON.stringify(buildScenario(name, { seed: 43 })), JSON.stringify(first))
  })

  test('createMockApi twice with one seed: byte-equal snapshots; another seed: different', async () => {
    const a = createMockApi({ scenario: 'demo', seed: 42 })
    const b = createMockApi({ scenario: 'demo', seed: 42 })
    const c = createMockApi({ scenario: 'demo', seed: 41 })
    await Promise.all([a.ready, b.ready, c.ready])
    expectSameState(stateText(b), stateText(a))
    expectDifferentState(stateText(c), stateText(a))
    expect(b.credentials).toEqual(a.credentials)
    expect(c.credentials).not.toEqual(a.credentials)
  })

  test('the default seed is deterministic too', async () => {
    const a = createMockApi()
    const b = createMockApi()
    await Promise.all([a.ready, b.ready])
    expectSameState(stateText(b), stateText(a))
  })

  test('the wall clock does not matter', () => {
    const now = buildScenario('demo', { seed: 8 })
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(new Date('2041-06-15T12:00:00Z'))
      expect(buildScenario('demo', { seed: 8 })).toEqual(now)
    } finally {
      vi.useRealTimers()
    }
  })

  test("the global faker's seed does not matter", () => {
    globalFaker.seed(1)
    const first = buildScenario('multi-tenant', { seed: 8 })
    globalFaker.seed(999)
    globalFaker.string.alpha(50)
    expect(buildScenario('multi-tenant', { seed: 8 })).toEqual(first)
  })

  test('a child node process builds the same data for the same seed', async () => {
    const pairs = ['demo:42', 'multi-tenant:7', 'scale:2x5:3', 'demo:43']
    const { stdout } = await run(process.execPath, ['test/support/scenario-digest.ts', ...pairs], {
      cwd: new URL('../../', import.meta.url),
    })
    const child = JSON.parse(stdout) as Record<string, { build: string; api: string }>
    for (const pair of pairs) {
      const here = await digestsOf(pair)
      expect(child[pair], pair).toEqual(here)
      expect(here.build).toMatch(/^[0-9a-f]{64}$/)
    }
    expect(child['demo:42']!.build).not.toBe(child['demo:43']!.build)
    // The digest is of the plain state: the API holds exactly what the scenario built.
    expect(child['demo:42']!.api).toBe(child['demo:42']!.build)
    expect(digest(buildScenario('demo', { seed: 42, assetsOrigin: 'https://elsewhere.test' }))).not.toBe(
      child['demo:42']!.build,
    )
  })
})

describe('instances, reset and writes', () => {
  const A = 'https://tenant-a.example.test'
  const B = 'https://tenant-b.example.test'
  // One assets origin, so that the two instances start from the very same data.
  const assetsOrigin = 'https://assets.example.test'
  const a = createMockApi({ scenario: 'demo', seed: 11, baseUrl: A, assetsOrigin })
  const b = createMockApi({ scenario: 'demo', seed: 11, baseUrl: B, assetsOrigin })
  const frozenAt = REFERENCE_DATE
  const F = 'https://frozen.example.test'
  const frozen = createMockApi({ scenario: 'demo', seed: 12, baseUrl: F, now: () => frozenAt })
  const server = setupServer(...a.handlers, ...b.handlers, ...frozen.handlers)

  beforeAll(async () => {
    server.listen({ onUnhandledFrame: 'error' })
    await Promise.all([a.ready, b.ready, frozen.ready])
  })
  afterAll(async () => {
    server.close()
  })

  const post = (origin: string, api: MockApi, json: unknown) =>
    checkedFetch(`${origin}/api/workspaces`, { method: 'POST', json, as: api.credentials })
  const put = (origin: string, api: MockApi, id: string, json: unknown) =>
    checkedFetch(`${origin}/api/workspaces/${id}`, { method: 'PUT', json, as: api.credentials })
  const list = async (origin: string, api: MockApi) =>
    expectSuccess(
      await checkedFetch(`${origin}/api/workspaces`, { as: api.credentials }),
      'SuccessResponseListWorkspaceBody',
      { origin },
    ).data

  test('two instances never share state', async () => {
    await Promise.all([a.reset(), b.reset()])
    const initial = stateText(a)
    expectSameState(stateText(b), initial)
    expect(a.db).not.toBe(b.db)
    expect(a.db.workspaces).not.toBe(b.db.workspaces)

    const created = expectSuccess(await post(A, a, { name: 'Only in A' }), 'SuccessResponseWorkspaceBody', {
      origin: A,
    }).data
    expectDifferentState(stateText(a), initial)
    expectSameState(stateText(b), initial)
    expect((await list(B, b)).map((w: { id: string }) => w.id)).not.toContain(created.id)
    expectProblem(
      await checkedFetch(`${B}/api/workspaces/${created.id}`, { as: b.credentials }),
      404,
      { origin: B },
    )

    const target = b.snapshot().workspaces[0]!
    expectSuccess(await put(B, b, target.id, { name: 'Only in B' }), 'SuccessResponseWorkspaceBody', {
      origin: B,
    })
    expect(a.snapshot().workspaces.find((w) => w.id === target.id)!.name).toBe(target.name)

    await a.reset()
    expectSameState(stateText(a), initial)
    expect(b.snapshot().workspaces.find((w) => w.id === target.id)!.name).toBe('Only in B')
    await b.reset()
  })

  test('reset() restores the initial snapshot exactly, in place, and the handlers keep working', async () => {
    await a.reset()
    const initial = stateText(a)
    const db = a.db
    const initialList = await list(A, a)

    const created = expectSuccess(await post(A, a, { name: 'Temporary' }), 'SuccessResponseWorkspaceBody', {
      origin: A,
    }).data
    const first = a.snapshot().workspaces[0]!
    expectSuccess(await put(A, a, first.id, { description: 'edited' }), 'SuccessResponseWorkspaceBody', {
      origin: A,
    })
    const extra = createFactories({ seed: 3 }).buildApplication({}, { workspace: first })
    await a.db.applications.create(extra)
    expectDifferentState(stateText(a), initial)

    await a.reset()
    expectSameState(stateText(a), initial)
    expect(a.db).toBe(db)

    // The same handlers answer from the restored state.
    expect(await list(A, a)).toEqual(initialList)
    expectProblem(
      await checkedFetch(`${A}/api/workspaces/${created.id}`, { as: a.credentials }),
      404,
      { origin: A },
    )
    expectProblem(
      await checkedFetch(`${A}/api/applications/${extra.id}`, { as: a.credentials, workspace: first.id }),
      404,
      { origin: A },
    )
    const again = expectSuccess(await post(A, a, { name: 'After reset' }), 'SuccessResponseWorkspaceBody', {
      origin: A,
    }).data
    expect((await list(A, a)).map((w: { id: string }) => w.id)).toContain(again.id)
    await a.reset()
    expectSameState(stateText(a), initial)
  })

  test('a workspace changed through api.db is what the API then shows', async () => {
    await a.reset()
    const target = a.snapshot().workspaces[1]!
    await a.db.workspaces.update((q) => q.where({ id: target.id }), {
      data(draft) {
        draft.name = 'Renamed in db'
      },
    })
    const read = await checkedFetch(`${A}/api/workspaces/${target.id}`, { as: a.credentials })
    expect(expectSuccess(read, 'SuccessResponseWorkspaceBody', { origin: A }).data).toEqual({
      ...target,
      name: 'Renamed in db',
    })
    await a.reset()
  })

  test('with a clock stuck in the past, timestamps still move forward strictly', async () => {
    await frozen.reset()
    const latest = Math.max(...frozen.snapshot().workspaces.map((w) => w.updated))
    expect(frozenAt).toBeLessThan(latest)
    const created = expectSuccess(await post(F, frozen, { name: 'Frozen' }), 'SuccessResponseWorkspaceBody', {
      origin: F,
    }).data
    expect(created.created).toBeLessThanOrEqual(created.updated)
    let previous = created.updated
    for (const name of ['one', 'two', 'three']) {
      const next = expectSuccess(await put(F, frozen, created.id, { name }), 'SuccessResponseWorkspaceBody', {
        origin: F,
      }).data
      expect(next.updated).toBeGreaterThan(previous)
      expect(next.created).toBe(created.created)
      previous = next.updated
    }
    const old = frozen.snapshot().workspaces[0]!
    const updated = expectSuccess(await put(F, frozen, old.id, { name: 'x' }), 'SuccessResponseWorkspaceBody', {
      origin: F,
    }).data
    expect(updated.updated).toBeGreaterThan(old.updated)
    await frozen.reset()
  })
})
