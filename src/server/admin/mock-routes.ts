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
 *   ...    records, scenario: the records and the preset served (record-routes.ts)
 */
import { liveFindings } from '../../api/drift-module.ts'
import type { Findings } from '../../codegen/findings.ts'
import { Problem } from '../../handlers/reply/problem.ts'
import { validate } from '../../handlers/definitions/validation.ts'
import type { ErrorDetail } from '../../model/schemas.ts'
import { faultSchema } from '../../testkit/fault-json.ts'
import type { FaultHandle } from '../../testkit/faults.ts'
import type { FaultListing, MockInfo } from '../../wire/admin.ts'
import { stateRecords } from '../limits.ts'
import { countsOf, mockInfo } from '../../mock-admin/info.ts'
import { checkedState, stateProblem } from '../../mock-admin/state.ts'
import { SessionBudgetError } from '../sessions/registry.ts'
import { applyFault, restoreStartupFaults, type ServedMock } from '../sessions/served-mock.ts'
import { recordRoute } from './record-routes.ts'
import { checkRecords, readJson, readSizedJson } from './state-body.ts'
import { wireAnswer } from './wire-answer.ts'

/** Answers `route` (the path after the mock's admin prefix, e.g. `faults` or `faults/3`) for one mock. */
export async function mockAdmin(request: Request, target: ServedMock, route: string, maxRecords: number): Promise<Response> {
  const { api } = target
  const seq = /^journal\/(\d{1,15})$/.exec(route)?.[1]
  if (seq !== undefined && request.method === 'GET') {
    const entry = api.journal.entry(Number(seq))
    if (!entry) throw new Problem(404, `no journal entry ${seq}: not recorded yet, or no longer kept`)
    return wireAnswer('GET journal/{seq}', entry)
  }
  const faultId = /^faults\/(\d+)$/.exec(route)?.[1]
  if (faultId !== undefined && request.method === 'DELETE') {
    if (!api.faults.remove(Number(faultId))) throw new Problem(404, `no fault ${faultId}`)
    target.startupIds.delete(Number(faultId))
    return wireAnswer('DELETE faults/{id}', { faults: api.faults.size })
  }
  switch (`${request.method} ${route}`) {
    case 'POST faults':
      return addFault(request, target)
    case 'GET faults':
      return wireAnswer('GET faults', { faults: faultList(target) })
    case 'DELETE faults':
      api.faults.clear()
      restoreStartupFaults(target)
      return wireAnswer('DELETE faults', { faults: api.faults.size })
    case 'GET journal':
      return wireAnswer('GET journal', { entries: api.journal.entries })
    case 'DELETE journal':
      api.journal.clear()
      return wireAnswer('DELETE journal', { entries: [] })
    case 'GET drift':
      return wireAnswer('GET drift', { drift: api.drift })
    case 'GET drift/findings':
      return wireAnswer('GET drift/findings', await findingsOf(target))
    case 'GET drift/module':
      return moduleAnswer(target)
    case 'POST reset':
      await api.reset()
      restoreStartupFaults(target)
      return wireAnswer('POST reset', { reset: true })
    case 'GET snapshot':
      return wireAnswer('GET snapshot', api.snapshot())
    case 'POST state':
      return replaceState(request, target, maxRecords)
    case 'GET info':
      return wireAnswer('GET info', infoOf(target))
    default:
      return (await recordRoute(request, target, route, maxRecords)) ?? notFound(request)
  }
}

async function addFault(request: Request, target: ServedMock): Promise<Response> {
  const errors: ErrorDetail[] = []
  const spec = validate(faultSchema, await readJson(request), 'body', errors)
  if (!spec) throw new Problem(422, 'validation failed', errors)
  let handle: FaultHandle
  try {
    handle = applyFault(target.api, spec)
  } catch (error) {
    throw new Problem(422, (error as Error).message)
  }
  return wireAnswer('POST faults', { id: handle.id, added: spec, faults: target.api.faults.size }, 201)
}

async function replaceState(request: Request, target: ServedMock, maxRecords: number): Promise<Response> {
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
  return wireAnswer('POST state', { replaced: true, counts: countsOf(api), principals: api.principals })
}

/** The active faults, the startup ones marked. */
function faultList(target: ServedMock): FaultListing[] {
  return target.api.faults.list().map((fault) => ({ ...fault, startup: target.startupIds.has(fault.id) }))
}

function infoOf(target: ServedMock): MockInfo {
  return mockInfo(target.api, { scenario: target.scenario, seed: target.seed, faults: faultList(target) })
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

function notFound(request: Request): never {
  throw new Problem(404, `no admin route ${request.method} ${new URL(request.url).pathname}`)
}
