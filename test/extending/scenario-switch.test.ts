/**
 * A scenario switch keeps the fields of your own (and the mock's access types and protocols): every way a
 * person or a client switches (the console's and a session's admin route over a real socket, the devtools
 * panel's transport in the page), and the reset after it, serve records with the fields built from the seed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { PageTransport } from '../../src/devtools/page-transport.ts'
import { createMockApi, z, type RecordFields } from '../../src/index.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'

const fields = {
  workspace: { tier: { schema: z.enum(['gold', 'silver']), build: ({ faker }) => faker.helpers.arrayElement(['gold', 'silver']) } },
  application: { status: { schema: z.enum(['active', 'paused']), build: ({ faker }) => faker.helpers.arrayElement(['active', 'paused']) } },
} satisfies RecordFields
const options = { scenario: 'demo', seed: 7, fields, protocols: ['https'], strict: false } as const

type Extended = { tier?: string; status?: string; protocol?: string }
/** Every workspace has its tier, every application its status, and the mock's protocol. */
function expectFields(state: { workspaces: readonly object[]; applications: readonly object[] }): void {
  expect(state.applications.length).toBeGreaterThan(0)
  for (const workspace of state.workspaces as Extended[]) expect(['gold', 'silver']).toContain(workspace.tier)
  for (const application of state.applications as Extended[]) {
    expect(['active', 'paused']).toContain(application.status)
    expect(application.protocol).toBe('https')
  }
}

describe('the demo server, over a real socket', () => {
  let server: MockServer
  beforeAll(async () => {
    server = await startMockServer({ port: 0, ...options })
  })
  afterAll(() => server.close())

  const post = (path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  /** Every workspace and its applications, as a client of `principal` reads them through the API. */
  async function served(principal: { apiKey: string; apiSecret: string }) {
    const headers = { 'X-API-Key': principal.apiKey, 'X-API-Secret': principal.apiSecret }
    const workspaces = (await (await fetch(`${server.url}/api/workspaces`, { headers })).json()).data as { id: string }[]
    const applications = []
    for (const { id } of workspaces) {
      const page = await fetch(`${server.url}/api/applications?page_size=100`, { headers: { ...headers, 'X-Workspace-ID': id } })
      applications.push(...(await page.json()).data)
    }
    return { workspaces, applications }
  }

  test('the console\'s switch (POST /__admin/scenario), to the same scenario and seed and to another, then a reset', async () => {
    const before = await served(server.api.credentials)
    expectFields(before)
    expect((await post('/__admin/scenario', { scenario: 'demo', seed: 7 })).status).toBe(200)
    expect(await served(server.api.credentials)).toEqual(before)
    expect((await post('/__admin/scenario', { scenario: 'multi-tenant', seed: 9 })).status).toBe(200)
    const switched = await served(server.api.credentials)
    expectFields(switched)
    expect((await post('/__admin/reset')).status).toBe(200)
    expect(await served(server.api.credentials)).toEqual(switched)
  })

  test("a session's switch (POST /__admin/sessions/<id>/scenario), then its reset", async () => {
    const session = await (await post('/__admin/sessions')).json()
    const answer = await post(`/__admin/sessions/${session.id}/scenario`, { scenario: 'paging', seed: 3 })
    expect(answer.status).toBe(200)
    // The session's accounts are new ones: the answer gives their credentials.
    const [principal] = (await answer.json()).principals
    const switched = await served(principal)
    expect(switched.applications.length).toBe(100)
    expectFields(switched)
    expect((await post(`/__admin/sessions/${session.id}/reset`)).status).toBe(200)
    expect(await served(principal)).toEqual(switched)
  })
})

describe("the devtools panel's switch, through its transport in the page", () => {
  beforeAll(() => vi.stubGlobal('location', new URL('http://localhost:5173/')))
  afterEach(() => vi.unstubAllGlobals())

  test('the preset built with the seed keeps the fields, and so does the reset after it', async () => {
    const api = createMockApi(options)
    await api.ready
    const panel = new PageTransport({ api }, { scenario: 'demo', seed: 7 })
    await panel.switchScenario('demo', 7)
    expectFields(api.snapshot())
    await panel.switchScenario('multi-tenant', 11)
    const switched = api.snapshot()
    expectFields(switched)
    await panel.reset()
    expect(api.snapshot()).toEqual(switched)
  })
})
