/**
 * Contract-strict mode as the pipeline reports it (docs/api.md, "Contract-strict mode"): a stored record that
 * breaks its schema, met while serializing a response, is a 500 problem naming the operation, its success
 * schema, the field and the reason, and is listed in `api.violations`; an override with several violations
 * names the first and counts the others.
 */
import { HttpResponse } from 'msw'
import { setupServer, type SetupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createMockApiFrom } from '../../src/api/create-mock-api-from.ts'
import { initialStateOf } from '../../src/api/initial-state.ts'
import type { MockApi } from '../../src/index.ts'
import type { CheckedResponse } from '../support/mock-server.ts'
import { checkedFetch } from '../support/checked-fetch.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

/** A 500 problem+json of the kit (ErrorModel, held to its schema by checkedFetch); its body. */
function serverError(res: CheckedResponse) {
  expect(res.status, res.text).toBe(500)
  expect(res.response.headers.get('Content-Type')).toBe('application/problem+json')
  expect(res.body).toEqual({
    $schema: `${ORIGIN}/api/schemas/ErrorModel.json`,
    title: 'Internal Server Error',
    status: 500,
    detail: expect.any(String),
  })
  return res.body
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a stored record that breaks its schema (strict mode)', () => {
  // Records are validated when they are stored, so only a state that skips validation (the internal
  // createMockApiFrom) can hold one: the pipeline's handling of it is what is under test.
  let api: MockApi
  let server: SetupServer
  let broken: string
  beforeAll(async () => {
    const state = initialStateOf({ scenario: 'demo', seed: 6, baseUrl: ORIGIN })
    const organization = state.accounts[0]!.organization
    const workspace = state.workspaces.find((w) => w.organization === organization)!
    broken = workspace.id
    workspace.icons = { ...workspace.icons, base: 'https://assets.example.test/icon.png' }
    api = createMockApiFrom({ baseUrl: ORIGIN, strict: true }, state)
    server = setupServer(...api.handlers)
    server.listen({ onUnhandledFrame: 'error' })
    await api.ready
  })
  afterEach(() => api.reset())
  afterAll(() => server.close())

  test('GET of the record: 500 naming operation, schema, the nested field and the reason; listed in violations', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await checkedFetch(`${ORIGIN}/api/workspaces/${broken}`, { as: api.credentials })
    const body = serverError(res)
    const [violation, ...more] = api.violations
    expect(more).toEqual([])
    expect(violation).toEqual({
      operation: 'getWorkspace',
      status: 200,
      schema: 'SuccessResponseWorkspaceBody',
      field: 'data.icons.base',
      reason: expect.stringMatching(/\S/),
    })
    expect(body.detail).toBe(
      `contract violation in getWorkspace (200 SuccessResponseWorkspaceBody): data.icons.base: ${violation!.reason}`,
    )
    expect(printed).toHaveBeenCalledWith(`[workspace-api-mock] ${body.detail}`)
  })

  test('the list that holds it names the list operation and its schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const res = await checkedFetch(`${ORIGIN}/api/workspaces`, { as: api.credentials })
    expect(serverError(res).detail).toMatch(
      /^contract violation in listWorkspaces \(200 SuccessResponseListWorkspaceBody\): data\.icons\.base: /,
    )
    expect(api.violations.map((v) => [v.operation, v.schema])).toEqual([['listWorkspaces', 'SuccessResponseListWorkspaceBody']])
  })
})

describe('an override with several violations', () => {
  const h = useHarness({ scenario: 'empty' })

  test('the detail names the first and counts the others: "(+N more)"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    h.api.override('listWorkspaces', () =>
      HttpResponse.json({ data: [], success: 'yes', extra: 1 }, { headers: { 'Content-Type': 'text/plain' } }),
    )
    const res = await h.call('/api/workspaces')
    const count = h.api.violations.length
    expect(count).toBeGreaterThan(2)
    const [first] = h.api.violations
    expect(serverError(res).detail).toBe(
      `contract violation in listWorkspaces (200 ${first!.schema}): ${first!.field}: ${first!.reason} (+${count - 1} more)`,
    )
  })

  test('one violation alone: no count', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    h.api.override('listWorkspaces', () => new Response('not json', { headers: { 'Content-Type': 'application/json' } }))
    const res = await h.call('/api/workspaces')
    expect(h.api.violations).toHaveLength(1)
    expect(serverError(res).detail).toBe(
      'contract violation in listWorkspaces (200 SuccessResponseListWorkspaceBody): (body): is not JSON',
    )
  })
})
