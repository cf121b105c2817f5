/**
 * Cross-session isolation of the demo server, over real sockets: nothing of one session is reachable
 * from another by any route. A fast-check property (seeded like the rest of the suite) drives sessions of
 * different data (and the base state) with interleaved, partly concurrent requests: reads and writes
 * through the API, ids and credentials of other sessions, and the sessions' own admin routes (faults,
 * journal, reset, snapshot). Then:
 *  1. each session's requests are replayed alone, on a fresh session over the same data: every answer must
 *     be the same (what others did in between changed nothing a session can see), and
 *  2. no answer a session got holds a record id, a name or a request of another (beyond what its own
 *     request sent).
 * Both count as leaks; the suite prints the total and requires 0.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startMockServer, type MockServer, type MockSession } from '../../src/node/index.ts'
import { CLOCK_START, fuzzScale, fuzzSeed, runs } from './support/settings.ts'

const SESSIONS = 3
const seed = fuzzSeed()
let server: MockServer
let requests = 0
let leaks: string[] = []

beforeAll(async () => {
  // A fixed clock: timestamps of writes then depend on each session's own writes alone.
  server = await startMockServer({ port: 0, scenario: 'multi-tenant', seed: 41, strict: false, now: () => CLOCK_START })
})
afterAll(async () => {
  await server.close()
  console.log(`cross-session: ${requests} requests, ${leaks.length} leaks (fuzz seed: ${seed})`)
})

/** Who acts: a session (0..SESSIONS-1) or the base state (-1). */
type Actor = number

type Ref = { owner: Actor | 'any'; pick: number; created: boolean }

type Action =
  | { kind: 'list' }
  | { kind: 'get'; ref: Ref }
  | { kind: 'create'; label: string }
  | { kind: 'update'; ref: Ref; label: string }
  | { kind: 'applications'; ref: Ref; page: number }
  | { kind: 'application'; ref: Ref }
  | { kind: 'mixed-credentials'; other: Actor }
  | { kind: 'admin'; route: 'journal' | 'snapshot' | 'reset' | 'fault' | 'clear-faults' | 'info' }

interface Step {
  actor: Actor
  principal: number
  action: Action
}

const actor = fc.integer({ min: -1, max: SESSIONS - 1 })
const ref = fc.record({ owner: fc.oneof(actor, fc.constant('any' as const)), pick: fc.nat(), created: fc.boolean() })
const label = fc.string({ minLength: 1, maxLength: 8, unit: 'grapheme-ascii' })
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'list' as const }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('get' as const), ref }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('create' as const), label }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('update' as const), ref, label }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('applications' as const), ref, page: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('application' as const), ref }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('mixed-credentials' as const), other: actor }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('admin' as const),
      route: fc.constantFrom('journal' as const, 'snapshot' as const, 'reset' as const, 'fault' as const, 'clear-faults' as const, 'info' as const),
    }),
  },
)
const steps = fc.array(fc.record({ actor, principal: fc.nat(1), action }), { minLength: 10, maxLength: 45 })

interface Literal {
  method: string
  /** Path under the server, with `{session}` for the acting session's id. */
  path: string
  /** Which of the acting session's principals sends it (undefined: no credentials, an admin route). */
  principal: number | undefined
  /** Credentials given literally instead (mixed ones). */
  credentials?: { apiKey: string; apiSecret: string }
  /** X-Workspace-ID, for application pages. */
  workspace?: string
  body?: unknown
}

interface Participant {
  actor: Actor
  session: MockSession | undefined
  /** Record ids of its own data: initial ones and those it created. */
  ids: Set<string>
  workspaces: string[]
  applications: string[]
  created: string[]
  marker: string
  /** Ids it sent itself (in paths, bodies, headers): its journal and 404 details may echo them. */
  sent: Set<string>
  /** What it sent and the answers, normalized, in order. */
  trace: Array<{ request: Literal; answer: string }>
}

const ID = /\b(?:org|acc|wse|app|img)_[0-9a-f]{32}\b/g

function principalsOf(participant: Participant) {
  return participant.session ? participant.session.principals : server.api.principals
}

/** The answer as compared between runs: status and body, the session's own credentials and id masked. */
function normalize(participant: Participant, status: number, text: string): string {
  let out = `${status} ${text}`
  principalsOf(participant).forEach((principal, index) => {
    out = out.replaceAll(principal.apiKey, `<key ${index}>`).replaceAll(principal.apiSecret, `<secret ${index}>`)
  })
  if (participant.session) out = out.replaceAll(participant.session.id, '<session>')
  // Journal entries: times and durations are the wall clock's.
  return out.replace(/"(time|duration)":[\d.e+-]+/g, '"$1":0')
}

async function send(participant: Participant, request: Literal): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {}
  const principal = request.principal === undefined ? undefined : principalsOf(participant)[request.principal % principalsOf(participant).length]!
  const credentials = request.credentials ?? principal
  if (credentials) Object.assign(headers, { 'X-API-Key': credentials.apiKey, 'X-API-Secret': credentials.apiSecret })
  if (request.workspace !== undefined) headers['X-Workspace-ID'] = request.workspace
  if (request.body !== undefined) headers['Content-Type'] = 'application/json'
  const path = request.path.replace('{session}', participant.session?.id ?? '')
  requests++
  const response = await fetch(`${server.url}${path}`, {
    method: request.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  })
  return { status: response.status, text: await response.text() }
}

/** The literal request a step makes, given what every participant holds now. */
function literal(step: Step, me: Participant, everyone: Participant[]): Literal {
  const { action } = step
  const pickFrom = (r: Ref, kind: 'workspaces' | 'applications'): string => {
    const owner = r.owner === 'any' ? everyone[r.pick % everyone.length]! : everyone.find((p) => p.actor === r.owner)!
    const pool = kind === 'workspaces' && r.created && owner.created.length > 0 ? owner.created : owner[kind]
    return pool[r.pick % pool.length] ?? 'wse_00000000000000000000000000000000'
  }
  const admin = (method: string, route: string, body?: unknown): Literal => ({
    method,
    path: me.session ? `/__admin/sessions/{session}/${route}` : `/__admin/${route}`,
    principal: undefined,
    body,
  })
  switch (action.kind) {
    case 'list':
      return { method: 'GET', path: '/api/workspaces', principal: step.principal }
    case 'get':
      return { method: 'GET', path: `/api/workspaces/${pickFrom(action.ref, 'workspaces')}`, principal: step.principal }
    case 'create':
      return { method: 'POST', path: '/api/workspaces', principal: step.principal, body: { name: `${me.marker}${action.label}` } }
    case 'update':
      return {
        method: 'PUT',
        path: `/api/workspaces/${pickFrom(action.ref, 'workspaces')}`,
        principal: step.principal,
        body: { name: `${me.marker}${action.label}`, description: `${me.marker}updated` },
      }
    case 'applications':
      return {
        method: 'GET',
        path: `/api/applications?current_page=${action.page}&page_size=10`,
        principal: step.principal,
        workspace: pickFrom(action.ref, 'workspaces'),
      }
    case 'application':
      return { method: 'GET', path: `/api/applications/${pickFrom(action.ref, 'applications')}`, principal: step.principal }
    case 'mixed-credentials': {
      // My key with another's secret: never a principal of anyone.
      const other = everyone.find((p) => p.actor === action.other)!
      const mine = principalsOf(me)[step.principal % principalsOf(me).length]!
      const theirs = principalsOf(other)[0]!
      if (theirs.apiSecret === mine.apiSecret) return { method: 'GET', path: '/api/workspaces', principal: step.principal }
      return { method: 'GET', path: '/api/workspaces', principal: undefined, credentials: { apiKey: mine.apiKey, apiSecret: theirs.apiSecret } }
    }
    case 'admin':
      switch (action.route) {
        case 'journal':
          return admin('GET', 'journal')
        case 'snapshot':
          return admin('GET', 'snapshot')
        case 'info':
          return admin('GET', 'info')
        case 'reset':
          return admin('POST', 'reset')
        case 'fault':
          return admin('POST', 'faults', { type: 'fail', target: 'getWorkspace', status: 503, times: 1 })
        case 'clear-faults':
          return admin('DELETE', 'faults')
      }
  }
}

/** Sends one step's request for `me` and records it. */
async function run(me: Participant, request: Literal): Promise<void> {
  for (const id of `${request.path} ${JSON.stringify(request.body ?? '')} ${request.workspace ?? ''}`.match(ID) ?? []) me.sent.add(id)
  const answer = await send(me, request)
  me.trace.push({ request, answer: normalize(me, answer.status, answer.text) })
  if (request.method === 'POST' && request.path === '/api/workspaces' && answer.status === 200) {
    const id = (JSON.parse(answer.text) as { data: { id: string } }).data.id
    me.created.push(id)
    me.ids.add(id)
  }
  if (request.path.endsWith('/reset') && answer.status === 200) me.created = []
}

async function participant(actorId: Actor, session: MockSession | undefined): Promise<Participant> {
  const api = session?.api ?? server.api
  const state = api.snapshot()
  const byCreated = <T extends { created: number; id: string }>(a: T, b: T) => a.created - b.created || (a.id < b.id ? -1 : 1)
  return {
    actor: actorId,
    session,
    ids: new Set([...state.organizations, ...state.accounts, ...state.workspaces, ...state.applications].map((r) => r.id)),
    workspaces: [...state.workspaces].sort(byCreated).map((w) => w.id),
    applications: state.applications.map((a) => a.id),
    created: [],
    // Labels are ASCII: these markers can only come from the participant's own names.
    marker: actorId === -1 ? '«base»' : `«s${actorId}»`,
    sent: new Set(),
    trace: [],
  }
}

/** Ids and markers of others in an answer, beyond what the participant itself sent. */
function foreignIn(me: Participant, others: Participant[], entry: Participant['trace'][number]): string[] {
  const found: string[] = []
  for (const id of entry.answer.match(ID) ?? []) {
    if (me.ids.has(id) || me.sent.has(id)) continue
    if (others.some((other) => other.ids.has(id))) found.push(`id ${id}`)
  }
  for (const other of others) if (entry.answer.includes(other.marker)) found.push(`marker ${other.marker}`)
  return found
}

test('no session reaches another, by any route: interleaved runs replay identically alone, and no answer holds another\'s data', async () => {
  await fc.assert(
    fc.asyncProperty(steps, fc.integer({ min: 1, max: 1000 }), async (plan, dataSeed) => {
      const seeds = Array.from({ length: SESSIONS }, (_, i) => dataSeed + i)
      const sessions = await Promise.all(seeds.map((s) => server.sessions.create({ scenario: 'multi-tenant', seed: s })))
      await server.api.reset()
      const everyone = [await participant(-1, undefined), ...(await Promise.all(sessions.map((s, i) => participant(i, s))))]
      // Steps of different actors run concurrently in batches; each actor's own steps stay in order.
      let batch: Array<{ me: Participant; request: Literal }> = []
      const flush = async () => {
        await Promise.all(batch.map(({ me, request }) => run(me, request)))
        batch = []
      }
      for (const step of plan) {
        const me = everyone.find((p) => p.actor === step.actor)!
        if (batch.some((b) => b.me === me)) await flush()
        batch.push({ me, request: literal(step, me, everyone) })
      }
      await flush()

      const found: string[] = []
      for (const me of everyone) {
        const others = everyone.filter((p) => p !== me)
        me.trace.forEach((entry, index) => {
          for (const leak of foreignIn(me, others, entry)) found.push(`${me.marker} answer ${index} (${entry.request.method} ${entry.request.path}) holds ${leak}`)
        })
      }
      // Replay every session's requests alone, on a fresh session over the same data.
      for (const me of everyone.slice(1)) {
        const alone = await server.sessions.create({ scenario: 'multi-tenant', seed: seeds[me.actor]! })
        const replay = await participant(me.actor, alone)
        for (const [index, entry] of me.trace.entries()) {
          const request = entry.request.credentials ? { ...entry.request, credentials: remap(entry.request.credentials, me, replay) } : entry.request
          await run(replay, request)
          if (replay.trace[index]!.answer !== entry.answer) {
            found.push(`${me.marker} answer ${index} (${entry.request.method} ${entry.request.path}) differs when run alone:\n    with others: ${entry.answer.slice(0, 300)}\n    alone:       ${replay.trace[index]!.answer.slice(0, 300)}`)
            break
          }
        }
        server.sessions.delete(alone.id)
      }
      for (const session of sessions) server.sessions.delete(session.id)
      leaks.push(...found)
      expect(found).toEqual([])
    }),
    { seed, numRuns: runs(40), endOnFailure: true },
  )
  expect(leaks).toEqual([])
  // Over 1,000 at the default volume; FUZZ_SCALE below 1 (the mutation run) scales the floor down with the runs.
  expect(requests).toBeGreaterThan(1000 * Math.min(1, fuzzScale()))
}, 120_000)

/** Mixed credentials of the interleaved run, with this session's key swapped for the replay's. */
function remap(credentials: { apiKey: string; apiSecret: string }, from: Participant, to: Participant) {
  const index = principalsOf(from).findIndex((p) => p.apiKey === credentials.apiKey)
  return index < 0 ? credentials : { ...credentials, apiKey: principalsOf(to)[index]!.apiKey }
}
