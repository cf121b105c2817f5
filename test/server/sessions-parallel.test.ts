/**
 * The bar: eight parallel clients, each on its own session, run a create/list/reset loop against
 * one server started as `npm start` starts it, and none sees another's writes, resets or requests.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startNpm } from '../cli/cli-process.ts'

const CLIENTS = 8
const ROUNDS = 8

let server: Awaited<ReturnType<typeof startNpm>>
beforeAll(async () => {
  server = await startNpm()
})
afterAll(() => server?.stop())

interface Session {
  id: string
  apiKey: string
  apiSecret: string
  workspaceIds: string[]
}

async function call(path: string, init: { method?: string; as?: Session | { apiKey: string; apiSecret: string }; json?: unknown } = {}) {
  const headers: Record<string, string> = {}
  if (init.as) Object.assign(headers, { 'X-API-Key': init.as.apiKey, 'X-API-Secret': init.as.apiSecret })
  if (init.json !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })
  return { status: response.status, body: (await response.json()) as any }
}

const namesOf = async (as: Session) => {
  const { status, body } = await call('/api/workspaces', { as })
  expect(status).toBe(200)
  return (body.data as Array<{ name: string }>).map((w) => w.name)
}

/** One client: its own session, then rounds of create, list, get, reset, list, checking each answer. */
async function client(index: number): Promise<number> {
  const created = await call('/__admin/sessions', { method: 'POST' })
  expect(created.status).toBe(201)
  const session = created.body as Session
  const initial = await namesOf(session)
  let requests = 2
  for (let round = 0; round < ROUNDS; round++) {
    const mine = [`client ${index} round ${round} a`, `client ${index} round ${round} b`]
    const ids: string[] = []
    for (const name of mine) {
      const made = await call('/api/workspaces', { method: 'POST', as: session, json: { name } })
      expect(made.status).toBe(200)
      ids.push(made.body.data.id)
    }
    // Exactly the session's initial data and its own two writes of this round: nobody else's, nothing older.
    expect(await namesOf(session)).toEqual([...initial, ...mine])
    expect((await call(`/api/workspaces/${ids[1]}`, { as: session })).body.data.name).toBe(mine[1])
    const journal = await call(`/__admin/sessions/${session.id}/journal`)
    expect(journal.body.entries.map((e: { method: string }) => e.method)).toEqual(
      round === 0 ? ['GET', 'POST', 'POST', 'GET', 'GET'] : ['POST', 'POST', 'GET', 'GET'],
    )
    expect((await call(`/__admin/sessions/${session.id}/reset`, { method: 'POST' })).status).toBe(200)
    expect(await namesOf(session)).toEqual(initial)
    // A reset clears the journal too: the next round's journal starts with that list.
    await call(`/__admin/sessions/${session.id}/journal`, { method: 'DELETE' })
    requests += 9
  }
  expect((await call(`/__admin/sessions/${session.id}`, { method: 'DELETE' })).status).toBe(200)
  expect((await call('/api/workspaces', { as: session })).status).toBe(401)
  return requests + 2
}

test(`${CLIENTS} parallel clients, each on its own session, create, list and reset without interfering`, async () => {
  const base = (await call('/__admin/info')).body
  const baseAs = { apiKey: base.principals[0].apiKey, apiSecret: base.principals[0].apiSecret }
  const baseBefore = (await call('/api/workspaces', { as: baseAs })).body.data
  await call('/__admin/journal', { method: 'DELETE' })

  const counts = await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)))
  expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(CLIENTS * ROUNDS * 9)

  // The base state saw none of it.
  expect((await call('/api/workspaces', { as: baseAs })).body.data).toEqual(baseBefore)
  const journal = (await call('/__admin/journal')).body.entries as Array<{ status: number }>
  expect(journal.filter((e) => e.status !== 401)).toHaveLength(1) // the list just above
  expect((await call('/__admin/sessions')).body.sessions).toEqual([])
})
