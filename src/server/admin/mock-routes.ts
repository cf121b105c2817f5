/**
 * The admin routes of one mock (the base state, or one session: the same routes under
 * `/__admin/sessions/{id}/`), in the manner of WireMock's admin API:
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
 *   POST   reset        back to the initial state (startup faults stay)
 *   GET    snapshot     the whole state as JSON
 *   POST   state        a new state (validated like --state): served from now on, and what reset returns to
 *   GET    info         what the console shows: scenario, seed, counts, principals, faults, operations
 *   ...    records, scenario: the records and the preset served (record-routes.ts)
 */
import type { MockApi } from '../../api/create-mock-api.ts'
import { Problem } from '../../handlers/problem.ts'
import { validate } from '../../handlers/validation.ts'
import { countsOf, mockInfo, type MockInfo } from '../../mock-admin/info.ts'
import { checkedState, stateProblem } from '../../mock-admin/state.ts'
import type { ErrorDetail } from '../../model/schemas.ts'
import type { ScenarioState } from '../../model/state.ts'
import { faultSchema, registerFaultJson, type FaultJson } from '../../testkit/fault-json.ts'
import type { FaultHandle } from '../../testkit/faults.ts'
import { stateRecords } from '../limits.ts'
import { checkRecords, json, readJson } from './admin-io.ts'
import { recordRoute } from './record-routes.ts'

/** A fault as the admin route's body and the fault flags bring it. */
export type FaultSpec = FaultJson

/** Applies one fault description to the mock (also used for the command line's fault flags). */
export function applyFault(api: MockApi, spec: FaultSpec): FaultHandle {
  return registerFaultJson(api.faults, spec)
}

/** One mock as the admin routes see it: the base state of the server, or a session. */
export interface AdminTarget {
  readonly api: MockApi
  /** What it serves, for people: a scenario name (or a state file's name) and the seed. */
  scenario: string
  seed: number
  /** Faults that hold for its whole life (from flags): they come back after a reset or a clear. */
  readonly startupFaults: readonly FaultSpec[]
  /** Registry ids of the startup faults now registered (so that the console can mark them). */
  readonly startupIds: Set<number>
  /** Loads a state (valid) in place of its initial state; throws a `Problem` when it cannot. */
  replaceState(state: ScenarioState): Promise<void>
}

/** Registers the target's startup faults (again, after a reset or a clear). */
export function restoreStartupFaults(target: AdminTarget): void {
  target.startupIds.clear()
  for (const spec of target.startupFaults) target.startupIds.add(applyFault(target.api, spec).id)
}

/** Answers `route` (the path after the mock's admin prefix, e.g. `faults` or `faults/3`) for one mock. */
export async function mockAdmin(request: Request, target: AdminTarget, route: string, maxRecords: number): Promise<Response> {
  const { api } = target
  const seq = /^journal\/(\d{1,15})$/.exec(route)?.[1]
  if (seq !== undefined && request.method === 'GET') {
    const entry = api.journal.entry(Number(seq))
    if (!entry) throw new Problem(404, `no journal entry ${seq}: not recorded yet, or no longer kept`)
    return json(entry)
  }
  const faultId = /^faults\/(\d+)$/.exec(route)?.[1]
  if (faultId !== undefined && request.method === 'DELETE') {
    if (!api.faults.remove(Number(faultId))) throw new Problem(404, `no fault ${faultId}`)
    target.startupIds.delete(Number(faultId))
    return json({ faults: api.faults.size })
  }
  switch (`${request.method} ${route}`) {
    case 'POST faults': {
      const errors: ErrorDetail[] = []
      const spec = validate(faultSchema, await readJson(request), 'body', errors)
      if (!spec) throw new Problem(422, 'validation failed', errors)
      let handle: FaultHandle
      try {
        handle = applyFault(api, spec)
      } catch (error) {
        throw new Problem(422, (error as Error).message)
      }
      return json({ id: handle.id, added: spec, faults: api.faults.size }, 201)
    }
    case 'GET faults':
      return json({ faults: faultList(target) })
    case 'DELETE faults':
      api.faults.clear()
      restoreStartupFaults(target)
      return json({ faults: api.faults.size })
    case 'GET journal':
      return json({ entries: api.journal.entries })
    case 'DELETE journal':
      api.journal.clear()
      return json({ entries: [] })
    case 'POST reset':
      await api.reset()
      restoreStartupFaults(target)
      return json({ reset: true })
    case 'GET snapshot':
      return json(api.snapshot())
    case 'POST state': {
      const body = await readJson(request)
      if (isObject(body)) checkRecords(stateRecords(body), maxRecords, 'body')
      const state = checkedState(body)
      try {
        await target.replaceState(state)
      } catch (error) {
        throw stateProblem(error)
      }
      return json({ replaced: true, counts: countsOf(api), principals: api.principals })
    }
    case 'GET info':
      return json(infoOf(target))
    default:
      return (await recordRoute(request, target, route, maxRecords)) ?? notFound(request)
  }
}

function notFound(request: Request): never {
  throw new Problem(404, `no admin route ${request.method} ${new URL(request.url).pathname}`)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** The active faults, the startup ones marked. */
function faultList(target: AdminTarget) {
  return target.api.faults.list().map((fault) => ({ ...fault, startup: target.startupIds.has(fault.id) }))
}

/** What `GET info` answers: the console's view of one mock. */
export type { MockInfo }

function infoOf(target: AdminTarget): MockInfo {
  return mockInfo(target.api, { scenario: target.scenario, seed: target.seed, faults: faultList(target) })
}
