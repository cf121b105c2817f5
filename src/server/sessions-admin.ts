/**
 * The session routes of the admin API:
 *
 *   POST   /__admin/sessions              {} | {"scenario":"demo","seed":42} | {"state":{...}}  → 201, the session
 *   GET    /__admin/sessions              every live session
 *   GET    /__admin/sessions/{id}         one session
 *   DELETE /__admin/sessions/{id}         deletes it: its credentials get 401 from then on
 *   ...    /__admin/sessions/{id}/faults, journal, reset, snapshot, state, info: as for the base state
 */
import { z } from '../model/zod.ts'
import { Problem } from '../handlers/problem.ts'
import { validate } from '../handlers/validation.ts'
import type { ErrorDetail } from '../model/schemas.ts'
import { scenarios } from '../scenarios/presets.ts'
import { resolveScenario, type ScenarioRef } from '../scenarios/resolve.ts'
import { checkedState, countsOf, describePrincipals, json, mockAdmin, readJson, stateProblem } from './mock-admin.ts'
import { SessionLimitError, SessionOptionsError, type MockSession, type SessionOptions, type SessionRegistry } from './sessions.ts'

const createSchema = z.strictObject({
  scenario: z.optional(z.string().check(z.minLength(1))),
  seed: z.optional(z.int()),
  state: z.optional(z.unknown()),
})

/** A session as the admin API shows it (`POST` and `GET /__admin/sessions`). */
export type SessionDescription = ReturnType<typeof describeSession>

/** A session as the admin API shows it: what a client needs to use it, and what it holds. */
export function describeSession(session: MockSession) {
  return {
    id: session.id,
    apiKey: session.credentials.apiKey,
    apiSecret: session.credentials.apiSecret,
    workspaceIds: session.workspaceIds,
    expiresAt: session.expiresAt.toISOString(),
    principals: describePrincipals(session.api),
    scenario: session.scenario,
    seed: session.seed,
    created: session.created.toISOString(),
    counts: countsOf(session.api),
    admin: `/__admin/sessions/${session.id}/`,
  }
}

/** Answers `route` (the path after `/__admin/`, starting with `sessions`). */
export async function sessionsAdmin(request: Request, sessions: SessionRegistry, route: string): Promise<Response> {
  const [, id, rest] = /^sessions(?:\/([^/]+)(?:\/(.*))?)?$/.exec(route) ?? []
  if (id === undefined) {
    if (request.method === 'POST') return json(describeSession(await create(request, sessions)), 201)
    if (request.method === 'GET') {
      return json({
        sessions: sessions.list().map(describeSession),
        maxSessions: sessions.maxSessions,
        idleTimeout: sessions.idleTimeout,
        /** The presets a session may ask for (besides `scale:<w>x<a>`). */
        scenarios: Object.keys(scenarios),
      })
    }
    throw new Problem(405, `${request.method} /__admin/sessions: use POST to create a session, GET to list them`, undefined, {
      Allow: 'GET, POST',
    })
  }
  const gone = () =>
    new Problem(404, `no session ${id}: it was deleted, or expired after ${minutes(sessions.idleTimeout)} without requests`)
  if (rest === undefined || rest === '') {
    if (request.method === 'DELETE') {
      if (!sessions.delete(id)) throw gone()
      return json({ deleted: id })
    }
    if (request.method === 'GET') {
      const session = sessions.get(id, true)
      if (!session) throw gone()
      return json(describeSession(session))
    }
    throw new Problem(405, `${request.method} /__admin/sessions/${id}: use GET or DELETE`, undefined, { Allow: 'GET, DELETE' })
  }
  const target = sessions.target(id)
  if (!target) throw gone()
  return mockAdmin(request, target, rest.replace(/\/$/, ''))
}

async function create(request: Request, sessions: SessionRegistry): Promise<MockSession> {
  const errors: ErrorDetail[] = []
  const body = validate(createSchema, (await readJson(request)) ?? {}, 'body', errors)
  if (!body) throw new Problem(422, 'validation failed', errors)
  const options: SessionOptions = {}
  if (body.scenario !== undefined) {
    // Over HTTP only the presets: a module path would let any client run code in the server.
    try {
      resolveScenario(body.scenario as ScenarioRef)
    } catch (error) {
      const message = (error as Error).message.replace(', or a function', '')
      throw new Problem(422, message, [{ message, location: 'body.scenario', value: body.scenario }])
    }
    options.scenario = body.scenario as ScenarioRef
  }
  // Stryker disable next-line ConditionalExpression: same-value
  if (body.seed !== undefined) options.seed = body.seed
  if (body.state !== undefined) {
    if (body.scenario !== undefined) {
      throw new Problem(422, 'give either scenario or state, not both', [
        { message: 'not allowed with state', location: 'body.scenario', value: body.scenario },
      ])
    }
    options.state = checkedState(body.state, 'body.state')
  }
  try {
    return await sessions.create(options)
  } catch (error) {
    if (error instanceof SessionLimitError) throw new Problem(429, error.message)
    if (error instanceof SessionOptionsError) throw new Problem(422, error.message)
    throw stateProblem(error, 'body.state')
  }
}

function minutes(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`
  return `${ms / 1000} s`
}
