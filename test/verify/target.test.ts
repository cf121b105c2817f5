/**
 * How verify treats the target, in-process: `--workspace-id` names the workspace it reads and updates (it
 * still creates one of its own), and a 429 with `Retry-After` is waited for and asked again.
 */
import { expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { CREATED_NAME } from '../../src/verify/write-probes.ts'
import { runVerify } from '../../src/verify/run.ts'

async function target() {
  const api = createMockApi({ scenario: 'demo', seed: 7, strict: false })
  await api.ready
  return api
}

test('--workspace-id: the named workspace is read and updated; one workspace of its own is created', async () => {
  const api = await target()
  const mine = api.db.workspaces.findMany((q) => q.where({ organization: api.principals[0]!.organization }))
  const named = mine.at(-1)!
  const { report } = await runVerify({
    target: 'http://target.test',
    credentials: api.credentials,
    workspaceId: named.id,
    write: true,
    rate: 1e6,
    timeout: 5000,
    fetch: async (request) => (await api.handle(request))!,
  })
  expect(report.checks.filter((check) => check.verdict !== 'same')).toEqual([])
  expect(report.checks.find((check) => check.id === 'update.description.status')!.request.path).toBe(`/api/workspaces/${named.id}`)
  expect(api.db.workspaces.findFirst((q) => q.where({ id: named.id }))!.description).toBe('updated by workspace-api-mock verify --write')
  const after = api.db.workspaces.findMany((q) => q.where({ organization: api.principals[0]!.organization }))
  expect(after.filter((workspace) => workspace.name === CREATED_NAME)).toHaveLength(1)
  expect(after).toHaveLength(mine.length + 1)
})

test('a 429 with Retry-After is asked again; without one it is the answer', async () => {
  const api = await target()
  let calls = 0
  let limited = 0
  const { report } = await runVerify({
    target: 'http://target.test',
    credentials: api.credentials,
    write: false,
    rate: 1e6,
    timeout: 5000,
    // Every other request is refused once, as a service over its limit would.
    fetch: async (request) => {
      calls++
      if (calls % 2 === 1) {
        limited++
        return new Response(null, { status: 429, headers: { 'Retry-After': '0' } })
      }
      return (await api.handle(request))!
    },
  })
  expect(limited).toBeGreaterThan(30)
  expect(report.checks.filter((check) => check.verdict !== 'same')).toEqual([])

  const refused = await runVerify({
    target: 'http://target.test',
    credentials: api.credentials,
    write: false,
    rate: 1e6,
    timeout: 5000,
    fetch: async (request) => (new URL(request.url).pathname === '/api/nothing-here' ? new Response(null, { status: 429 }) : (await api.handle(request))!),
  })
  expect(refused.report.checks.filter((check) => check.verdict === 'differs').map((check) => `${check.id} ${check.observed}`)).toEqual([
    'paths.unknown.status 429',
    'paths.unknown.title (absent)',
    'paths.unknown.content-type (absent)',
  ])
})

test('a target that answers the same JSON to everything: many checks differ, nothing throws', async () => {
  const { report } = await runVerify({
    target: 'http://odd.test',
    credentials: { apiKey: 'k', apiSecret: 's' },
    write: true,
    rate: 1e6,
    timeout: 5000,
    fetch: async () => Response.json({ data: 'not a list' }),
  })
  expect(report.checks.filter((check) => check.verdict === 'differs').length).toBeGreaterThan(50)
  expect(report.score).toBeLessThan(50)
})
