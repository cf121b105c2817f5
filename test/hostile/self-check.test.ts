/**
 * The fuzz checks are not vacuous: plant one fault at a time in front of the kit's handlers (server.use) and
 * the same generators and checks must find it. A separate file, so its requests never count in the figures.
 */
import fc from 'fast-check'
import { http, HttpResponse } from 'msw'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { unshownOperations } from '../../src/index.ts'
import { requestSpec } from './support/arbitraries.ts'
import { FuzzSession } from './support/fuzz-session.ts'
import { HostileServer, ORIGIN } from './support/hostile-server.ts'
import type { OpName } from './support/oracle.ts'
import { fuzzSeed } from './support/settings.ts'

// The fuzzed mock's options: the presets of the unshown operations opted into (fuzz.test.ts).
const server = new HostileServer({ scenario: 'multi-tenant', seed: 11, operations: unshownOperations })
const session = new FuzzSession(server)
const seed = fuzzSeed()

beforeAll(() => session.begin())
afterEach(() => {
  server.server.resetHandlers()
  delete (Object.prototype as Record<string, unknown>).polluted
})
afterAll(() => server.stop())

const problem = (status: number, contentType = 'application/problem+json') =>
  new HttpResponse(
    JSON.stringify({ $schema: `${ORIGIN}/api/schemas/ErrorModel.json`, title: 'x', status, detail: 'planted' }),
    { status, headers: { 'Content-Type': contentType, Link: '</api/schemas/ErrorModel.json>; rel="describedBy"' } },
  )

interface Planted {
  name: string
  op: Exclude<OpName, 'getSchema'>
  plant: () => ReturnType<typeof http.get>
  /** Part of the failure message the checks must produce. */
  caught: string
}

const PLANTED: Planted[] = [
  {
    name: 'a workspace of the other organization served on getWorkspace',
    op: 'getWorkspace',
    plant: () =>
      http.get(`${ORIGIN}/api/workspaces/:id`, ({ request }) => {
        const key = request.headers.get('X-API-Key')
        const me = session.api.principals.find((p) => p.apiKey === key)
        const foreign = session.state.workspaces.find((w) => me && w.organization !== me.organization)
        if (!foreign || request.headers.get('X-API-Secret') !== me!.apiSecret) return undefined
        return HttpResponse.json(
          { $schema: `${ORIGIN}/api/schemas/SuccessResponseWorkspaceBody.json`, data: foreign, success: true },
          { headers: { Link: '</api/schemas/SuccessResponseWorkspaceBody.json>; rel="describedBy"' } },
        )
      }),
    caught: 'tenant isolation broken',
  },
  {
    name: 'a 500 on listApplications',
    op: 'listApplications',
    plant: () => http.get(`${ORIGIN}/api/applications`, () => problem(500)),
    caught: 'server error 500',
  },
  {
    name: 'a rejection that still writes (updateWorkspace answers 422 after a real update)',
    op: 'updateWorkspace',
    plant: () =>
      http.put(`${ORIGIN}/api/workspaces/:id`, async ({ request }) => {
        if (request.headers.has('X-Planted')) return undefined // the inner write: let the kit answer it
        const own = session.state.workspaces[0]!
        const owner = session.api.principals.find((p) => p.organization === own.organization)!
        await fetch(`${ORIGIN}/api/workspaces/${own.id}`, {
          method: 'PUT',
          headers: { 'X-API-Key': owner.apiKey, 'X-API-Secret': owner.apiSecret, 'Content-Type': 'application/json', 'X-Planted': '1' },
          body: JSON.stringify({ name: `planted ${request.url.length}` }),
        })
        return problem(422)
      }),
    caught: 'state changed by a request answered 422',
  },
  {
    name: 'a read that writes (listWorkspaces renames an organization, which no answer shows)',
    op: 'listWorkspaces',
    plant: () =>
      http.get(`${ORIGIN}/api/workspaces`, async () => {
        const organization = session.state.organizations[0]!
        await session.api.db.organizations.update((q) => q.where({ id: organization.id }), {
          data: (draft) => void (draft.name = `${draft.name}!`),
        })
        return undefined
      }),
    caught: 'state changed by GETs up to this one',
  },
  {
    name: 'prototype pollution while handling createWorkspace',
    op: 'createWorkspace',
    plant: () =>
      http.post(`${ORIGIN}/api/workspaces`, () => {
        ;(Object.prototype as Record<string, unknown>).polluted = 'yes'
        return undefined
      }),
    caught: '({}).polluted',
  },
  {
    name: 'an error that is not problem+json on getApplication',
    op: 'getApplication',
    plant: () => http.get(`${ORIGIN}/api/applications/:id`, () => problem(404, 'text/plain')),
    caught: 'error content type',
  },
  {
    name: 'a 200 list with a member the schema does not allow',
    op: 'listWorkspaces',
    plant: () =>
      http.get(`${ORIGIN}/api/workspaces`, () =>
        HttpResponse.json(
          { $schema: `${ORIGIN}/api/schemas/SuccessResponseListWorkspaceBody.json`, data: [], success: true, extra: 1 },
          { headers: { Link: '</api/schemas/SuccessResponseListWorkspaceBody.json>; rel="describedBy"' } },
        ),
      ),
    caught: 'breaks SuccessResponseListWorkspaceBody.json',
  },
]

describe('the fuzz checks catch planted faults', () => {
  test.each(PLANTED)('$name', async ({ op, plant, caught }) => {
    server.server.use(plant())
    const result = await fc.check(
      fc.asyncProperty(requestSpec(op), async (spec) => {
        await session.check(spec, 'self-check')
      }),
      { seed, numRuns: 300, endOnFailure: true },
    )
    expect(result.failed, 'the planted fault went unnoticed').toBe(true)
    expect(String(result.errorInstance)).toContain(caught)
    server.server.resetHandlers()
    await session.api.reset()
    server.takeIncidents()
  })
})
