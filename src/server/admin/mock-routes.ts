/**
 * The admin routes of one mock (the base state, or one session: the same routes under
 * `/__admin/sessions/{id}/`), in the manner of WireMock's admin API; their JSON is src/wire/admin.ts's:
 *
 *   POST   faults       {"type":"fail","target":"getWorkspace","status":503,"times":2}
 *                       {"type":"latency","target":"*","latency":[200,800]}
 *                       {"type":"disconnect","target":"createWorkspace","rate":0.1}
 *                       {"type":"rateLimit","target":"*","requests":100,"retryAfter":30}
 *   GET    faults       the active faults (startup faults from flags marked)
 *   DELETE faults       removes the faults added here (startup faults from flags stay)
 *   DELETE faults/{id}  removes one fault
 *   GET    journal      the request journal; DELETE clears it
 *   GET    journal/{seq} one entry of it (its `seq`: the console's log names it)
 *   GET    drift        with --live: how the service's answers differ from the mock's (`api.drift`)
 *   GET    drift/findings  with --live: what the service showed that the mock lacks (`driftFindings`)
 *   GET    drift/module    with --live: the module that makes the mock follow it, as text (`driftModule`)
 *   POST   reset        back to the initial state (startup faults stay)
 *   GET    snapshot     the whole state as JSON
 *   POST   state        a new state (validated like --state): served from now on, and what reset returns to
 *   GET    info         what the console shows: scenario, seed, counts, principals, faults, operations
 *   GET    coverage     what the mock answered of the outcomes that exist (with --coverage); DELETE takes and clears it
 *   ...    records, scenario: the records and the preset served (record-routes.ts)
 *
 * The paths, methods and body bounds are the table's (src/wire/admin-routes.ts); the handlers here are typed
 * by it, route for route.
 */
import { liveFindings } from '../../api/drift-module.ts'
import type { Findings } from '../../codegen/findings.ts'
import { Problem } from '../../handlers/reply/problem.ts'
import { validate } from '../../handlers/definitions/validation.ts'
import type { ErrorDetail } from '../../model/schemas.ts'
import { faultSchema } from '../../testkit/fault-json.ts'
import type { FaultHandle } from '../../testkit/faults.ts'
import type { AnswerOf, FaultListing, MockAdminRoute, MockInfo } from '../../wire/admin.ts'
import type { AdminMatch } from '../../wire/admin-routes.ts'
import { stateRecords } from '../limits.ts'
import { countsOf, mockInfo } from '../../mock-admin/info.ts'
import { checkedState, stateProblem } from '../../mock-admin/state.ts'
import { SessionBudgetError } from '../sessions/registry.ts'
import { applyFault, restoreStartupFaults, type ServedMock } from '../sessions/served-mock.ts'
import { collectsCoverage, coverageOf } from './coverage.ts'
import type { MockHandler, MockHandlers } from './context.ts'
import { checkRecordPath, RECORD_HANDLERS } from './record-routes.ts'
import { checkRecords, readJson, readSizedJson } from './state-body.ts'
import { wireAnswer } from './wire-answer.ts'

const HANDLERS = {
  'GET faults': ({ target }) => ({ faults: faultList(target) }),
  'POST faults': ({ request, target }) => addFault(request, target),
  'DELETE faults': ({ target }) => {
    target.api.faults.clear()
    restoreStartupFaults(target)
    return { faults: target.api.faults.size }
  },
  'DELETE faults/{id}': ({ target, params }) => {
    if (!target.api.faults.remove(Number(params.id))) throw new Problem(404, `no fault ${params.id}`)
    target.startupIds.delete(Number(params.id))
    return { faults: target.api.faults.size }
  },
  'GET journal': ({ target }) => ({ entries: target.api.journal.entries }),
  'GET journal/{seq}': ({ target, params }) => {
    const entry = target.api.journal.entry(Number(params.seq))
    if (!entry) throw new Problem(404, `no journal entry ${params.seq}: not recorded yet, or no longer kept`)
    return entry
  },
  'DELETE journal': ({ target }) => {
    target.api.journal.clear()
    return { entries: [] }
  },
  'GET drift': ({ target }) => ({ drift: target.api.drift }),
  'GET drift/findings': ({ target }) => findingsOf(target),
  'GET drift/module': ({ target }) => moduleAnswer(target),
  'POST reset': async ({ target }) => {
    await target.api.reset()
    restoreStartupFaults(target)
    return { reset: true }
  },
  'GET snapshot': ({ target }) => target.api.snapshot(),
  'POST state': ({ request, target, maxRecords }) => replaceState(request, target, maxRecords),
  'GET info': ({ target }) => infoOf(target),
  'GET coverage': ({ target }) => coverageOf(target, false),
  'DELETE coverage': ({ target }) => coverageOf(target, true),
  ...RECORD_HANDLERS,
} satisfies MockHandlers<MockAdminRoute>

/**
 * Answers the route `found` names for one mock (the base state, or a session), or throws its problem: 404
 * for a path no route has or a method its routes do not take (the records' paths: 405, with `Allow`).
 */
export async function mockAdmin(request: Request, target: ServedMock, found: AdminMatch & { mock: true }, maxRecords: number): Promise<Response> {
  checkRecordPath(request, found)
  const { route } = found
  // The event stream is the router's (an exact path): with a trailing slash at the base state it is no route, as before.
  if (route === undefined || !Object.hasOwn(HANDLERS, route)) throw notFound(request)
  const handler = HANDLERS[route as MockAdminRoute] as MockHandler<MockAdminRoute>
  const answer = await handler({ request, target, params: found.params as never, maxRecords })
  // A text answer (the drift's module) goes as it is; the rest is the wire's JSON.
  return answer instanceof Response ? answer : wireAnswer(route as MockAdminRoute, answer)
}

async function addFault(request: Request, target: ServedMock): Promise<AnswerOf<'POST faults'>> {
  const errors: ErrorDetail[] = []
  const spec = validate(faultSchema, await readJson(request), 'body', errors)
  if (!spec) throw new Problem(422, 'validation failed', errors)
  let handle: FaultHandle
  try {
    handle = applyFault(target.api, spec)
  } catch (error) {
    throw new Problem(422, (error as Error).message)
  }
  return { id: handle.id, added: spec, faults: target.api.faults.size }
}

async function replaceState(request: Request, target: ServedMock, maxRecords: number): Promise<AnswerOf<'POST state'>> {
  const { value: body, bytes } = await readSizedJson(request)
  if (typeof body === 'object' && body !== null) checkRecords(stateRecords(body), maxRecords, 'body')
  const state = checkedState(body, target.api)
  try {
    await target.replaceState(state, { records: stateRecords(state), bytes })
  } catch (error) {
    if (error instanceof SessionBudgetError) throw new Problem(429, error.message)
    throw stateProblem(error)
  }
  const { api } = target
  return { replaced: true, counts: countsOf(api), principals: api.principals }
}

/** The active faults, the startup ones marked. */
function faultList(target: ServedMock): FaultListing[] {
  return target.api.faults.list().map((fault) => ({ ...fault, startup: target.startupIds.has(fault.id) }))
}

function infoOf(target: ServedMock): MockInfo {
  return mockInfo(target.api, { scenario: target.scenario, seed: target.seed, faults: faultList(target), coverage: collectsCoverage(target) })
}

/** What the mock's live service showed that the mock lacks; a 409 for a server without `--live`. */
async function findingsOf(target: ServedMock): Promise<Findings> {
  const findings = await liveFindings(target.api)
  if (findings === undefined) throw new Problem(409, 'the server has no live service, so nothing of one was seen: start it with --live <url> --live-operations "*=shadow" (docs/live.md)')
  return findings
}

/** The module of the findings, new, as text (a file to save; `drift --operations-out` merges into one). */
async function moduleAnswer(target: ServedMock): Promise<Response> {
  const { operationsModule } = await import('../../codegen/operations-module.ts')
  return new Response(operationsModule(await findingsOf(target)).text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

function notFound(request: Request): Problem {
  return new Problem(404, `no admin route ${request.method} ${new URL(request.url).pathname}`)
}
