/**
 * The recipes of the coding agents' skill (skills/workspace-api-mock/SKILL.md), each a test: a consumer test
 * with `useMockApi`, a fault, and why a 404 came. Run against the packed package by test/package/pack.test.ts.
 */
import { expect, test } from 'vitest'
import { useMockApi } from 'workspace-api-mock/vitest'

const api = useMockApi({ scenario: 'multi-tenant', seed: 7, baseUrl: 'https://api.example.test' })
const headers = () => ({ 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret })

test('a consumer test: the first principal lists the workspaces of its organization', async () => {
  const response = await fetch('https://api.example.test/api/workspaces', { headers: headers() })
  const body = await response.json()
  expect(response.status).toBe(200)
  expect(body.data.every((workspace: { organization: string }) => workspace.organization === api.principals[0]!.organization)).toBe(true)
})

test('a fault: the list fails with 503 once, then recovers', async () => {
  api.faults.fail('listWorkspaces', { status: 503, times: 1 })
  expect((await fetch('https://api.example.test/api/workspaces', { headers: headers() })).status).toBe(503)
  expect((await fetch('https://api.example.test/api/workspaces', { headers: headers() })).status).toBe(200)
})

test("why a 404: another organization's workspace is answered as missing", async () => {
  const theirs = api.db.workspaces.all().find((workspace) => workspace.organization !== api.principals[0]!.organization)!
  const response = await fetch(`https://api.example.test/api/workspaces/${theirs.id}`, { headers: headers() })
  expect(response.status).toBe(404)
  const { why } = api.journal.last({ operation: 'getWorkspace', status: 404 })!
  expect(why.decision).toMatchObject({ kind: 'lookup', reason: 'other-organization' })
})
