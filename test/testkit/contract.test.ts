/**
 * Contract-strict mode's checks of override responses (docs/api.md, "Contract-strict mode"): what is a
 * violation, what the violation says, what passes; when strict mode is on by default; and the error the
 * test-runner helpers throw for a test's violations.
 */
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createMockApi, type Workspace } from '../../src/index.ts'
import type { ContractViolation } from '../../src/testkit/contract.ts'
import { violationsError } from '../../src/testkit/test-runner.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'demo', seed: 12 })
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {})
afterEach(() => {
  vi.restoreAllMocks()
})
const LIST_SCHEMA = 'SuccessResponseListWorkspaceBody'

/** Overrides listWorkspaces with the kit's own valid list body, sent in a Response built with `init`. */
function overrideListWith(init: ResponseInit, body?: (json: string) => BodyInit) {
  h.api.override('listWorkspaces', async ({ respond }) => {
    const json = await respond([]).text()
    return new Response(body ? body(json) : json, init)
  })
}

describe('override responses in strict mode', () => {
  test('the kit is strict under Vitest', () => {
    expect(h.api.strict).toBe(true)
  })

  test('a valid body sent as application/json with parameters passes as it is', async () => {
    overrideListWith({ status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } })
    const res = await h.call('/api/workspaces')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, data: [] })
    expect(h.api.violations).toEqual([])
  })

  test('a valid body under another content type is a violation naming both types', async () => {
    quiet()
    overrideListWith({ status: 200, headers: { 'Content-Type': 'text/plain' } })
    const res = await h.call('/api/workspaces')
    expect(res.status).toBe(500)
    expect(h.api.violations).toEqual([
      {
        operation: 'listWorkspaces',
        status: 200,
        schema: LIST_SCHEMA,
        field: 'Content-Type',
        reason: 'expected application/json, got text/plain',
      },
    ])
    expect(res.body.detail).toContain('Content-Type: expected application/json, got text/plain')
  })

  test('a body without any content type: the violation says "none"', async () => {
    quiet()
    overrideListWith({ status: 200 }, (json) => new TextEncoder().encode(json))
    expect((await h.call('/api/workspaces')).status).toBe(500)
    expect(h.api.violations).toEqual([
      expect.objectContaining({ field: 'Content-Type', reason: 'expected application/json, got none' }),
    ])
  })

  test('a body that is not JSON is one violation of the whole body', async () => {
    quiet()
    h.api.override('listWorkspaces', () => new Response('<html>oops</html>', { headers: { 'Content-Type': 'application/json' } }))
    const res = await h.call('/api/workspaces')
    expect(res.status).toBe(500)
    expect(h.api.violations).toEqual([
      { operation: 'listWorkspaces', status: 200, schema: LIST_SCHEMA, field: '(body)', reason: 'is not JSON' },
    ])
    expect(res.body.detail).toBe(
      `contract violation in listWorkspaces (200 ${LIST_SCHEMA}): (body): is not JSON`,
    )
  })

  test('a problem whose status member differs from the HTTP status is a violation of `status`', async () => {
    quiet()
    h.api.override('listWorkspaces', async ({ problem }) => {
      const body = await problem(503, 'down').json()
      return new Response(JSON.stringify({ ...body, status: 500 }), {
        status: 503,
        headers: { 'Content-Type': 'application/problem+json' },
      })
    })
    expect((await h.call('/api/workspaces')).status).toBe(500)
    expect(h.api.violations).toEqual([
      { operation: 'listWorkspaces', status: 503, schema: 'ErrorModel', field: 'status', reason: 'says 500, HTTP status is 503' },
    ])
  })

  test('a 400 problem is held to ErrorModel, not to the success schema, and passes', async () => {
    h.api.override('listWorkspaces', ({ problem }) => problem(400, 'bad input'))
    const res = await h.call('/api/workspaces', { contract: false })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ status: 400, detail: 'bad input' })
    expect(h.api.violations).toEqual([])
  })

  test('a dropped connection (Response.error()) is not checked: the client sees a network error', async () => {
    h.api.override('listWorkspaces', () => HttpResponse.error())
    await expect(
      fetch(`${ORIGIN}/api/workspaces`, {
        headers: { 'X-API-Key': h.api.credentials.apiKey, 'X-API-Secret': h.api.credentials.apiSecret },
      }),
    ).rejects.toThrow(TypeError)
    expect(h.api.violations).toEqual([])
    expect(h.api.journal.last({ operation: 'listWorkspaces' })!.status).toBe(0)
  })

  test('an operation without a schema (a document) takes any override body', async () => {
    h.api.override('getOpenApiJson', () => new Response('not even json', { headers: { 'Content-Type': 'text/plain' } }))
    const res = await h.call('/api/openapi.json', { contract: false })
    expect(res.status).toBe(200)
    expect(res.text).toBe('not even json')
    expect(h.api.violations).toEqual([])
  })

  test('a valid item override passes untouched', async () => {
    const real = (await h.call('/api/workspaces')).body.data[0] as Workspace
    h.api.override('getWorkspace', ({ respond }) => respond({ ...real, name: 'Fine' }))
    const res = await h.call(`/api/workspaces/${real.id}`)
    expect(res.status).toBe(200)
    expect(res.body.data.name).toBe('Fine')
    expect(h.api.violations).toEqual([])
  })
})

describe('strict by default: only under a test runner', () => {
  const RUNNER_VARIABLES = ['VITEST', 'JEST_WORKER_ID', 'NODE_TEST_CONTEXT', 'TEST_WORKER_INDEX', 'NODE_ENV']

  /** `strict` of a mock made with no `strict` option, with only `env` of the runner variables set. */
  function defaultStrictWith(env: Record<string, string>): boolean {
    for (const name of RUNNER_VARIABLES) vi.stubEnv(name, '')
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value)
    try {
      return createMockApi({ scenario: 'empty' }).strict
    } finally {
      vi.unstubAllEnvs()
    }
  }

  test.each(['VITEST', 'JEST_WORKER_ID', 'NODE_TEST_CONTEXT', 'TEST_WORKER_INDEX'])('%s turns it on', (name) => {
    expect(defaultStrictWith({ [name]: '1' })).toBe(true)
  })

  test('NODE_ENV=test turns it on; another NODE_ENV does not', () => {
    expect(defaultStrictWith({ NODE_ENV: 'test' })).toBe(true)
    expect(defaultStrictWith({ NODE_ENV: 'production' })).toBe(false)
  })

  test('none of them set: off', () => {
    expect(defaultStrictWith({})).toBe(false)
  })

  test('no process at all (a browser or a worker runtime): off', () => {
    const strictWithoutProcess = (): boolean => {
      vi.stubGlobal('process', undefined)
      try {
        return createMockApi({ scenario: 'empty' }).strict
      } finally {
        vi.unstubAllGlobals()
      }
    }
    expect(strictWithoutProcess()).toBe(false)
  })
})

describe("the error that fails a test's violations (useMockApi, the Playwright fixture)", () => {
  test('none: no error', () => {
    expect(violationsError([])).toBeUndefined()
  })

  test('lists every violation on a line of its own: operation, status, schema, field, reason', () => {
    const violations: ContractViolation[] = [
      { operation: 'getWorkspace', status: 200, schema: 'SuccessResponseWorkspaceBody', field: 'data.name', reason: 'expected string' },
      { operation: 'listWorkspaces', status: 503, schema: 'ErrorModel', field: 'status', reason: 'says 500, HTTP status is 503' },
    ]
    const error = violationsError(violations)
    expect(error).toBeInstanceOf(Error)
    expect(error!.message).toBe(
      'workspace-api-mock: contract violations in this test:\n' +
        '  getWorkspace (200 SuccessResponseWorkspaceBody): data.name: expected string\n' +
        '  listWorkspaces (503 ErrorModel): status: says 500, HTTP status is 503',
    )
  })

  test("names what the mock caught in this test's requests", async () => {
    quiet()
    h.api.override('listWorkspaces', () => new Response('nope', { headers: { 'Content-Type': 'application/json' } }))
    await h.call('/api/workspaces')
    expect(violationsError(h.api.violations)!.message).toContain(`  listWorkspaces (200 ${LIST_SCHEMA}): (body): is not JSON`)
  })
})
