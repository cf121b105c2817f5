/** Paging of GET /api/applications on the 'paging' scenario (one workspace, 1,234 applications). */
import { describe, expect, test } from 'vitest'
import { createFactories, type Application } from '../../src/index.ts'
import {
  byCreatedThenId,
  errorAt,
  expectApplicationRecord,
  expectProblem,
  expectSuccess,
  withoutStateChange,
} from '../support/api-assertions.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'paging', seed: 31 })
const at = { origin: ORIGIN }
const PAGE = 'PagingResponseListApplicationBody'

function stored() {
  const state = h.api.snapshot()
  expect(state.workspaces).toHaveLength(1)
  const workspace = state.workspaces[0]!
  return { workspace, apps: state.applications.sort(byCreatedThenId) }
}

const list = (query: string, workspace = stored().workspace.id) =>
  h.call(`/api/applications${query}`, { workspace })

describe('defaults and bounds', () => {
  test('no query: current_page 1, page_size 10, the first 10 in order', async () => {
    const { apps } = stored()
    expect(apps).toHaveLength(1234)
    const body = expectSuccess(await list(''), PAGE, at)
    expect(body).toMatchObject({ current_page: 1, page_size: 10, total: apps.length })
    expect(body.data).toEqual(apps.slice(0, 10))
  })

  test('only page_size given: current_page defaults to 1', async () => {
    const { apps } = stored()
    const body = expectSuccess(await list('?page_size=25'), PAGE, at)
    expect(body).toMatchObject({ current_page: 1, page_size: 25, total: apps.length })
    expect(body.data).toEqual(apps.slice(0, 25))
  })

  test('only current_page given: page_size defaults to 10', async () => {
    const { apps } = stored()
    const body = expectSuccess(await list('?current_page=3'), PAGE, at)
    expect(body).toMatchObject({ current_page: 3, page_size: 10, total: apps.length })
    expect(body.data).toEqual(apps.slice(20, 30))
  })

  test.each([
    [1, 10],
    [1, 100],
    [2, 10],
    [13, 100],
  ])('current_page=%i page_size=%i: that slice of the ordered set', async (page, size) => {
    const { apps } = stored()
    const body = expectSuccess(await list(`?current_page=${page}&page_size=${size}`), PAGE, at)
    expect(body).toMatchObject({ current_page: page, page_size: size, total: apps.length })
    expect(body.data).toEqual(apps.slice((page - 1) * size, page * size))
    // Every body is schema-checked by the harness; spot-check the record rules on both ends of the page.
    expectApplicationRecord(body.data[0])
    expectApplicationRecord(body.data[body.data.length - 1])
  })

  test('the last, partial page of size 10', async () => {
    const { apps } = stored()
    const last = Math.ceil(apps.length / 10)
    const body = expectSuccess(await list(`?current_page=${last}`), PAGE, at)
    expect(body.data).toHaveLength(apps.length - (last - 1) * 10)
    expect(body.data.length).toBeLessThan(10)
    expect(body.data).toEqual(apps.slice((last - 1) * 10))
  })

  test.each([
    ['just past the end', () => Math.ceil(stored().apps.length / 100) + 1, 100],
    ['the highest page, 1000', () => 1000, 10],
  ])('a page %s: 200, empty data, correct total', async (_, page, size) => {
    const { apps } = stored()
    const body = expectSuccess(await list(`?current_page=${page()}&page_size=${size}`), PAGE, at)
    expect(body).toEqual({
      $schema: `${ORIGIN}/api/schemas/${PAGE}.json`,
      current_page: page(),
      data: [],
      page_size: size,
      success: true,
      total: apps.length,
    })
  })

  const rejected: [string, string, string][] = [
    ['current_page', '0', 'below 1'],
    ['current_page', '1001', 'above 1000'],
    ['current_page', '-1', 'negative'],
    ['current_page', 'abc', 'not a number'],
    ['current_page', '1.5', 'not an integer'],
    ['current_page', '1e1', 'exponent notation'],
    ['page_size', '9', 'below 10'],
    ['page_size', '101', 'above 100'],
    ['page_size', '0', 'zero'],
    ['page_size', 'abc', 'not a number'],
    ['page_size', '1.5', 'not an integer'],
    ['page_size', '20.0', 'a decimal point'],
    ['page_size', '0x10', 'hexadecimal'],
  ]
  test.each(rejected)('%s=%s (%s): 422 with its location', async (name, value) => {
    const res = await withoutStateChange(h.api, () => list(`?${name}=${encodeURIComponent(value)}`))
    const body = expectProblem(res, 422, { ...at, locations: [`query.${name}`] })
    expect(String(errorAt(body, `query.${name}`).value)).toBe(value)
  })

  test('both parameters wrong: both locations in one 422', async () => {
    const res = await withoutStateChange(h.api, () => list('?current_page=0&page_size=101'))
    expectProblem(res, 422, { ...at, locations: ['query.current_page', 'query.page_size'] })
  })
})

describe('order across pages', () => {
  test('walking every page of 100 gives the whole set, sorted by created then id, without duplicates', async () => {
    const { apps } = stored()
    const seen: Application[] = []
    let total = -1
    for (let page = 1; ; page++) {
      const body = expectSuccess(await list(`?current_page=${page}&page_size=100`), PAGE, at)
      expect(body.current_page).toBe(page)
      expect(body.page_size).toBe(100)
      total = body.total
      if (body.data.length === 0) break
      expect(body.data.length).toBeLessThanOrEqual(100)
      seen.push(...body.data)
    }
    expect(total).toBe(apps.length)
    expect(seen).toHaveLength(apps.length)
    expect(new Set(seen.map((a) => a.id)).size).toBe(seen.length)
    expect(seen).toEqual(apps)
    for (let i = 1; i < seen.length; i++) {
      expect(byCreatedThenId(seen[i - 1]!, seen[i]!), `order at ${i}`).toBeLessThan(0)
    }
  })

  test('the scenario inserts in an order that created order disagrees with', () => {
    const inserted = h.api.snapshot().applications
    const ordered = [...inserted].sort(byCreatedThenId)
    expect(ordered.map((a) => a.id)).not.toEqual(inserted.map((a) => a.id))
    // A page of 10 taken in insertion order would be another set than the first 10 in created order.
    const firstByInsertion = new Set(inserted.slice(0, 10).map((a) => a.id))
    expect(ordered.slice(0, 10).every((a) => firstByInsertion.has(a.id))).toBe(false)
  })

  test('an application inserted last with the earliest created comes first; total grows', async () => {
    const { workspace, apps } = stored()
    const earliest = apps[0]!.created
    const factories = createFactories({ seed: 4242 })
    const early = factories.buildApplication(
      { created: earliest - 60_000, updated: earliest - 60_000 },
      { workspace },
    )
    expect(early.workspace).toBe(workspace.id)
    await h.api.db.applications.create(early)

    const body = expectSuccess(await list('?page_size=10'), PAGE, at)
    expect(body.total).toBe(apps.length + 1)
    expect(body.data[0]).toEqual(early)
    expect(body.data.slice(1)).toEqual(apps.slice(0, 9))

    // The last page of 100 now ends with what ended it before, one position later.
    const lastPage = Math.ceil((apps.length + 1) / 100)
    const last = expectSuccess(await list(`?current_page=${lastPage}&page_size=100`), PAGE, at)
    expect(last.data).toEqual(apps.slice((lastPage - 1) * 100 - 1))
  })

  test('equal created values are ordered by id, not by insertion', async () => {
    const { workspace, apps } = stored()
    const when = apps[0]!.created - 1000
    const factories = createFactories({ seed: 5 })
    const high = factories.buildApplication(
      { id: `app_${'f'.repeat(32)}`, created: when, updated: when },
      { workspace },
    )
    const low = factories.buildApplication(
      { id: `app_${'0'.repeat(32)}`, created: when, updated: when },
      { workspace },
    )
    await h.api.db.applications.create(high)
    await h.api.db.applications.create(low)
    const body = expectSuccess(await list(''), PAGE, at)
    expect(body.data.slice(0, 3)).toEqual([low, high, apps[0]])
  })

  test('an application inserted in the middle of created order lands on its page', async () => {
    const { workspace, apps } = stored()
    // Between the 250th and 251st in created order: the first row of page 3 (size 100) must move.
    const before = apps[249]!
    const after = apps[250]!
    expect(after.created).toBeGreaterThan(before.created)
    const when = before.created + Math.max(1, Math.floor((after.created - before.created) / 2))
    const middle = createFactories({ seed: 6 }).buildApplication(
      { created: when, updated: when },
      { workspace },
    )
    await h.api.db.applications.create(middle)
    const body = expectSuccess(await list('?current_page=3&page_size=100'), PAGE, at)
    const expected = [...apps, middle].sort(byCreatedThenId).slice(200, 300)
    expect(body.data).toEqual(expected)
    expect(body.data.map((a: Application) => a.id)).toContain(middle.id)
  })

  test('an application of a workspace created through the API is outside the paging workspace', async () => {
    const { workspace, apps } = stored()
    const created = await h.call('/api/workspaces', { method: 'POST', json: { name: 'Elsewhere' } })
    const other = expectSuccess(created, 'SuccessResponseWorkspaceBody', at).data
    const empty = expectSuccess(await list('', other.id), PAGE, at)
    expect(empty).toMatchObject({ data: [], total: 0, current_page: 1, page_size: 10 })
    const res = await withoutStateChange(h.api, () =>
      h.call(`/api/applications/${apps[0]!.id}`, { workspace: other.id }),
    )
    expectProblem(res, 404, at)
    expect(workspace.id).not.toBe(other.id)
  })
})
