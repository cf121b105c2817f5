/**
 * The session routes of the admin API:
 *
 *   POST   /__admin/sessions              {} | {"scenario":"demo","seed":42} | {"state":{...}}  → 201, the session
 *   GET    /__admin/sessions              every live session
 *   GET    /__admin/sessions/{id}         one session
 *   DELETE /__admin/sessions/{id}         deletes it: its credentials get 401 from then on
 *   ...    /__admin/sessions/{id}/faults, journal, reset, snapshot, state, info: as for the base state
 *
 * The list and creation are the admin's (the token, when the server has one); a session's own routes are
 * also its own credentials' (`X-API-Key` and `X-API-Secret`), and another session's credentials find
 * nothing there (404, as for a session that does not exist).
 */
import { z } from '../../model/zod.ts'
import { Problem } from '../../handlers/reply/problem.ts'
import { validate } from '../../handlers/definitions/validation.ts'
import type { ErrorDetail } from '../../model/schemas.ts'
import { scenarios } from '../../scenarios/presets.ts'
import { resolveScenario, type ScenarioRef } from '../../scenarios/resolve.ts'
import type { AdminContext, Caller } from './context.ts'
import { sameSecret, tokenProblem } from './guard.ts'
import type { AnswerOf, SessionDescription, SessionRoute } from '../../wire/admin.ts'
import { ADMIN_PREFIX, adminPath, type AdminMatch } from '../../wire/admin-routes.ts'
import { scenarioRecords, stateRecords, type OwnData } from '../limits.ts'
import { SessionBudgetError, SessionLimitError, SessionOptionsError, type MockSession, type SessionOptions, type SessionRegistry } from '../sessions/registry.ts'
import { countsOf, describePrincipals } from '../../mock-admin/info.ts'
import { checkedState, stateProblem } from '../../mock-admin/state.ts'
import { checkRecords, readSizedJson } from './state-body.ts'
import { wireAnswer } from './wire-answer.ts'

const createSchema = z.strictObject({
  scenario: z.optional(z.string().check(z.minLength(1))),
  seed: z.optional(z.int()),
  state: z.optional(z.unknown()),
})

/** A session as the admin API shows it: what a client needs to use it, and what it holds. */
export function describeSession(session: MockSession): SessionDescription {
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
    admin: `${adminPath('GET sessions/{id}', { id: session.id })}/`,
  }
}

type SessionHandler<R extends SessionRoute> = (request: Request, context: AdminContext, id: string) => AnswerOf<R> | Promise<AnswerOf<R>>

const HANDLERS: { readonly [R in SessionRoute]: SessionHandler<R> } = {
  'GET sessions': (_, { sessions }) => ({
    sessions: sessions.list().map(describeSession),
    maxSessions: sessions.maxSessions,
    idleTimeout: sessions.idleTimeout,
    /** The presets a session may ask for (besides `scale:<w>x<a>`). */
    scenarios: Object.keys(scenarios),
  }),
  'POST sessions': async (request, context) => describeSession(await create(request, context)),
  'GET sessions/{id}': (_, { sessions }, id) => {
    const session = sessions.get(id, true)
    if (!session) throw sessionGone(sessions, id)
    return describeSession(session)
  },
  'DELETE sessions/{id}': (_, { sessions }, id) => {
    if (!sessions.delete(id)) throw sessionGone(sessions, id)
    return { deleted: id }
  },
}

/**
 * Answers one of the server's session routes (the list, or one session); the caller's access is checked
 * already. A method the path does not take is a 405 naming those it does.
 */
export async function sessionsAdmin(request: Request, context: AdminContext, found: AdminMatch & { mock: false }): Promise<Response> {
  if (found.route === undefined) {
    const hint = found.session === undefined ? 'use POST to create a session, GET to list them' : 'use GET or DELETE'
    throw new Problem(405, `${request.method} ${ADMIN_PREFIX}${found.path}: ${hint}`, undefined, { Allow: found.allow.join(', ') })
  }
  const handler = HANDLERS[found.route] as SessionHandler<SessionRoute>
  return wireAnswer(found.route, await handler(request, context, found.session!))
}

/**
 * Whether the caller may use session `id`'s own routes: the token holder may; credentials must be that
 * session's own (any other's find nothing: a client learns nothing of other sessions, a 404 as for a
 * session that is gone); without either, anyone when the server needs no token, else a 401.
 */
export function checkSessionAccess(sessions: SessionRegistry, id: string, caller: Caller): void {
  if (caller.tokenHeld) return
  if (caller.apiKey !== null) {
    const principal = sessions.get(id)?.principals.find((candidate) => candidate.apiKey === caller.apiKey)
    if (principal && caller.apiSecret !== null && sameSecret(caller.apiSecret, principal.apiSecret)) return
    throw sessionGone(sessions, id)
  }
  if (!caller.admin) throw tokenProblem()
  if (!sessions.get(id)) throw sessionGone(sessions, id)
}

/** The 404 of a session that does not exist (any more), or is not the caller's. */
export function sessionGone(sessions: SessionRegistry, id: string): Problem {
  return new Problem(404, `no session ${id}: it was deleted, or expired after ${minutes(sessions.idleTimeout)} without requests`)
}

async function create(request: Request, context: AdminContext): Promise<MockSession> {
  const { sessions, maxRecords } = context
  const errors: ErrorDetail[] = []
  const { value, bytes } = await readSizedJson(request)
  const body = validate(createSchema, value ?? {}, 'body', errors)
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
    checkRecords(scenarioRecords(body.scenario), maxRecords, 'body.scenario', body.scenario)
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
    if (typeof body.state === 'object' && body.state !== null) checkRecords(stateRecords(body.state), maxRecords, 'body.state')
    options.state = checkedState(body.state, context.base.api, 'body.state')
  }
  const own = ownData(options, sessions, bytes)
  if (body.scenario === undefined && body.state === undefined && body.seed !== undefined) {
    checkRecords(own.records, maxRecords, 'body.seed', body.seed)
  }
  try {
    return await sessions.create(options, own)
  } catch (error) {
    if (error instanceof SessionLimitError || error instanceof SessionBudgetError) throw new Problem(429, error.message)
    if (error instanceof SessionOptionsError) throw new Problem(422, error.message)
    throw stateProblem(error, 'body.state')
  }
}

/** What a new session holds of its own: nothing over the server's data, which it shares; a state in records and bytes. */
function ownData(options: SessionOptions, sessions: SessionRegistry, bytes: number): OwnData {
  if (options.state !== undefined) return { records: stateRecords(options.state), bytes }
  if (typeof options.scenario === 'string') return { records: scenarioRecords(options.scenario), bytes: 0 }
  return { records: options.seed === undefined ? 0 : sessions.baseRecords(), bytes: 0 }
}

function minutes(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`
  return `${ms / 1000} s`
}
