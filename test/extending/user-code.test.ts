/**
 * A user's code cannot break the kit's promises, through `setupServer` (real fetch) and `api.handle`: a
 * `run` that never settles is a 500 after its timeout (the operation's, the mock's, 2000 ms by default),
 * journaled with `why`, and writes nothing afterwards; whatever a `run` throws or answers becomes the kit's
 * 500 problem with a journal entry; `create` sets what the store sets, as `update` does.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi, defineOperation, DefinitionError, z } from '../../src/index.ts'

const ORIGIN = 'https://user-code.example.test'
const never = new Promise<never>(() => {})

const hang = defineOperation({ name: 'hang', method: 'GET', path: '/api/hang', run: () => never })
const hangBriefly = defineOperation({ name: 'hangBriefly', method: 'GET', path: '/api/hang-briefly', timeout: 50, run: () => never })
/** Writes a workspace once `release` resolves: after its timeout, when the test says so. */
let release: () => void = () => {}
const lateWrite = defineOperation({
  name: 'lateWrite',
  method: 'POST',
  path: '/api/late-write',
  timeout: 50,
  response: { shape: 'item', record: 'workspace' },
  run: async ({ workspaces }) => {
    await new Promise<void>((resolve) => (release = resolve))
    return workspaces.create({ name: 'written after its answer' })
  },
})
const cyclic: Record<string, unknown> = { message: 'cyclic', location: 'body.x' }
cyclic.value = cyclic
const thrown = {
  'a null-prototype object': () => {
    throw Object.create(null)
  },
  'problem(99, ...)': ({ problem }: { problem: (status: number, detail: string) => unknown }) => problem(99, 'below the errors'),
  'problem(NaN, ...)': ({ problem }: { problem: (status: number, detail: string) => unknown }) => {
    throw problem(Number.NaN, 'no status')
  },
  'a problem with a cyclic detail': ({ problem }: { problem: (status: number, detail: string, errors: never) => unknown }) => problem(400, 'cyclic', [cyclic] as never),
  'a string': () => {
    throw 'plain text'
  },
  'a record with a BigInt': () => ({ id: 1n }),
  'a cyclic record': () => cyclic,
  'a record whose member throws when read': () => ({
    get id(): string {
      throw new Error('unreadable')
    },
  }),
} as const
const anything = { name: 'Anything', schema: z.any() }
const misbehaving = Object.entries(thrown).map(([_, run], index) =>
  defineOperation({
    name: `misbehave${index}`,
    method: 'GET',
    path: `/api/misbehave/${index}`,
    response: { shape: 'item', record: anything },
    run: run as never,
  }),
)
const forge = defineOperation({
  name: 'forge',
  method: 'POST',
  path: '/api/forge',
  body: z.object({ organization: z.string(), id: z.string(), created: z.number(), workspace: z.string() }),
  response: { shape: 'item', record: anything },
  run: async ({ body, workspaces, applications }) => {
    const values = { ...body, created_by: 'acc_00000000000000000000000000000000', icons: { small: 'x' } }
    const workspace = await workspaces.create({ name: 'forged', ...values } as never)
    const application = await applications.create({ name: 'forged app', ...values } as never, workspace)
    return { workspace, application }
  },
})

const operations = [hang, hangBriefly, lateWrite, forge, ...misbehaving]
const api = createMockApi({ scenario: 'multi-tenant', seed: 5, baseUrl: ORIGIN, operations, operationTimeout: 150, strict: false })
const server = setupServer(...api.handlers)
beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' })
  await api.ready
})
afterAll(() => server.close())
const auth = () => ({ 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret })

describe('a run that never settles', () => {
  test("is a 500 after the operation's timeout, journaled with why", async () => {
    const started = performance.now()
    const response = await fetch(`${ORIGIN}/api/hang-briefly`, { headers: auth() })
    expect(response.status).toBe(500)
    expect(performance.now() - started).toBeGreaterThanOrEqual(45)
    const detail = 'the mock failed: operation hangBriefly did not settle within its timeout of 50 ms'
    expect(await response.json()).toMatchObject({ status: 500, detail })
    expect(api.journal.last()).toMatchObject({ operation: 'hangBriefly', status: 500, why: { decision: { kind: 'error', detail } } })
  })

  test("the mock's operationTimeout where the operation has none, through api.handle too", async () => {
    const response = await api.handle(new Request(`${ORIGIN}/api/hang`, { headers: auth() }))
    expect(response!.status).toBe(500)
    expect((await response!.json()).detail).toBe('the mock failed: operation hang did not settle within its timeout of 150 ms')
    expect(api.journal.last()).toMatchObject({ operation: 'hang', status: 500 })
  })

  test('2000 ms without either', async () => {
    const plain = createMockApi({ scenario: 'empty', operations: [hang], strict: false })
    await plain.ready
    const started = performance.now()
    const response = await plain.handle(new Request('http://localhost/api/hang', { headers: { 'X-API-Key': plain.credentials.apiKey, 'X-API-Secret': plain.credentials.apiSecret } }))
    expect(performance.now() - started).toBeGreaterThanOrEqual(1990)
    expect((await response!.json()).detail).toMatch(/within its timeout of 2000 ms$/)
  })

  test('what it writes after its answer is refused: the request changed nothing', async () => {
    const before = JSON.stringify(api.snapshot())
    const response = await fetch(`${ORIGIN}/api/late-write`, { method: 'POST', headers: auth() })
    expect(response.status).toBe(500)
    release()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(JSON.stringify(api.snapshot())).toBe(before)
  })

  test('a timeout is whole milliseconds up to ten minutes', () => {
    for (const timeout of [0, 1.5, 600_001, '100']) {
      expect(() => defineOperation({ name: 'slow', method: 'GET', path: '/api/slow', timeout: timeout as number, run: () => undefined })).toThrow(
        new DefinitionError('timeout', `expected whole milliseconds from 1 to 600000, got ${typeof timeout === 'number' ? timeout : 'string'}`, 'slow'),
      )
    }
    expect(() => createMockApi({ scenario: 'empty', operationTimeout: -1 })).toThrow('operationTimeout: expected whole milliseconds from 1 to 600000, got -1')
  })
})

describe('whatever a run throws or answers', () => {
  test.each(Object.keys(thrown).map((what, index) => [what, index] as const))('%s: the kit\'s 500 problem, journaled', async (_, index) => {
    for (const answer of [await fetch(`${ORIGIN}/api/misbehave/${index}`, { headers: auth() }), await api.handle(new Request(`${ORIGIN}/api/misbehave/${index}`, { headers: auth() }))]) {
      expect(answer!.status).toBe(500)
      expect(answer!.headers.get('Content-Type')).toBe('application/problem+json')
      const body = await answer!.json()
      expect(body).toMatchObject({ title: 'Internal Server Error', status: 500, detail: expect.stringMatching(/^the mock failed: /) })
      expect(api.journal.last()).toMatchObject({ operation: `misbehave${index}`, status: 500, why: { decision: { kind: 'error', detail: body.detail } } })
    }
  })

  test('an override that answers no Response, or throws: the same', async () => {
    const answers = [() => 5, () => Promise.reject(Object.create(null)), ({ problem }: { problem: (status: number, detail: string) => Response }) => problem(99, 'x')]
    for (const answer of answers) {
      const remove = api.override('listWorkspaces', answer as never)
      const response = await api.handle(new Request(`${ORIGIN}/api/workspaces`, { headers: auth() }))
      expect(response!.status).toBe(500)
      expect(api.journal.last()).toMatchObject({ operation: 'listWorkspaces', status: 500, why: { decision: { kind: 'error' } } })
      remove()
    }
    expect((await api.handle(new Request(`${ORIGIN}/api/workspaces`, { headers: auth() })))!.status).toBe(200)
  })

  test("a problem's status outside 400..599 is named", async () => {
    const response = await fetch(`${ORIGIN}/api/misbehave/1`, { headers: auth() })
    expect((await response.json()).detail).toBe("the mock failed: a problem's status is an integer from 400 to 599, got 99")
  })
})

describe("run's store helpers", () => {
  test('create sets id, organization, workspace, stamps and authors itself, whatever it is given', async () => {
    const [mine, theirs] = api.principals
    const foreignWorkspace = api.db.workspaces.all().find((w) => w.organization === theirs!.organization)!
    const taken = api.db.applications.all()[0]!.id
    const body = { organization: theirs!.organization, id: foreignWorkspace.id, created: 1, workspace: foreignWorkspace.id }
    const response = await fetch(`${ORIGIN}/api/forge`, { method: 'POST', headers: { ...auth(), 'Content-Type': 'application/json' }, body: JSON.stringify({ ...body, id: taken }) })
    expect(response.status).toBe(200)
    const { workspace, application } = (await response.json()).data
    const stamps = { created_by: mine!.account, modified_by: mine!.account, icons: { small: expect.stringMatching(/^https:\/\/user-code/) } }
    expect(workspace).toMatchObject({ name: 'forged', organization: mine!.organization, ...stamps })
    expect(application).toMatchObject({ name: 'forged app', workspace: workspace.id, ...stamps })
    for (const record of [workspace, application]) {
      expect(record.id).not.toBe(taken)
      expect(record.created).toBeGreaterThan(1)
    }
    const snapshot = api.snapshot()
    for (const collection of [snapshot.workspaces, snapshot.applications]) expect(new Set(collection.map((r) => r.id)).size).toBe(collection.length)
    // The snapshot loads again: no two records share an id.
    await expect(createMockApi({ state: snapshot, strict: false }).ready).resolves.toBeUndefined()
  })
})
