/**
 * List order through a user scenario whose insertion order is the reverse of created order: pages must be
 * taken after sorting (the @msw/data 1.1.7 `findMany({ take, orderBy })` pitfall would fail here).
 */
import { describe, expect, test } from 'vitest'
import { REFERENCE_DATE, type Scenario } from '../../src/index.ts'
import { expectSuccess } from '../support/api-assertions.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const APPS = 35
const WORKSPACES = 4
const HOUR = 3_600_000

/** Every record is inserted with an earlier `created` than the one before it. */
const reversed: Scenario = (kit) => {
  const organization = kit.organization()
  kit.principal(organization)
  for (let w = 0; w < WORKSPACES; w++) {
    const created = REFERENCE_DATE + (WORKSPACES - w) * 24 * HOUR
    kit.workspace(organization, { created, updated: created })
  }
  const target = kit.state.workspaces[0]!
  for (let i = 0; i < APPS; i++) {
    const created = REFERENCE_DATE + (APPS - i) * HOUR
    kit.application(target, { created, updated: created + 1 })
  }
}

const h = useHarness({ scenario: reversed, seed: 3 })
const at = { origin: ORIGIN }

describe('order when insertion and created order disagree', () => {
  test('the workspace list is the reverse of insertion order', async () => {
    const inserted = h.api.snapshot().workspaces
    const body = expectSuccess(await h.call('/api/workspaces'), 'SuccessResponseListWorkspaceBody', at)
    expect(body.data.map((w: { id: string }) => w.id)).toEqual(inserted.map((w) => w.id).reverse())
  })

  test.each([
    [1, 10],
    [2, 10],
    [4, 10],
    [1, 20],
    [2, 20],
  ])('page %i of size %i holds the earliest-created rows, i.e. the last inserted', async (page, size) => {
    const state = h.api.snapshot()
    const target = state.workspaces[0]!
    const inserted = state.applications.filter((a) => a.workspace === target.id)
    expect(inserted).toHaveLength(APPS)
    const body = expectSuccess(
      await h.call(`/api/applications?current_page=${page}&page_size=${size}`, { workspace: target.id }),
      'PagingResponseListApplicationBody',
      at,
    )
    const expected = [...inserted].reverse().slice((page - 1) * size, page * size)
    expect(body.total).toBe(APPS)
    expect(body.data).toEqual(expected)
    const created = body.data.map((a: { created: number }) => a.created)
    expect(created).toEqual([...created].sort((a, b) => a - b))
  })
})
