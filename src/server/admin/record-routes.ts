/**
 * The admin routes of one mock's records and scenario, what the console's Data and Scenario sections call
 * (src/mock-admin does the work, the devtools panel calls the same functions in the page):
 *
 *   GET    records/{collection}?page=&pageSize=&organization=&workspace=   a page of records
 *   GET    records/{collection}/{id}                                       one record
 *   PATCH  records/{collection}/{id}   {"name":"New"}                       fields changed (422 names body.<field>)
 *   POST   records/{collection}        {"workspace":"wse_…"}                a record built by the factories
 *   DELETE records/{collection}/{id}                                       it, and what belongs to it
 *   POST   scenario                    {"scenario":"empty","seed":42}       a preset served from now on
 *
 * Collections: organizations, accounts, workspaces, applications.
 */
import { Problem } from '../../handlers/reply/problem.ts'
import type { CollectionName } from '../../model/database.ts'
import { addRecord, COLLECTIONS, deleteRecord, editRecord, listRecords, recordOf } from '../../mock-admin/records.ts'
import { presetState } from '../../mock-admin/scenario.ts'
import { scenarioRecords, stateRecords } from '../limits.ts'
import { SessionBudgetError } from '../sessions/registry.ts'
import type { ServedMock } from '../sessions/served-mock.ts'
import { checkRecords, readJson } from './state-body.ts'
import { wireAnswer } from './wire-answer.ts'

const ROUTE = /^records\/([a-z]+)(?:\/([^/]+))?$/

/** The answer of a records or scenario route; undefined for any other route. */
export async function recordRoute(request: Request, target: ServedMock, route: string, maxRecords: number): Promise<Response | undefined> {
  if (route === 'scenario' && request.method === 'POST') return switchScenario(request, target, maxRecords)
  const match = ROUTE.exec(route)
  if (!match) return undefined
  const collection = match[1] as CollectionName
  if (!COLLECTIONS.includes(collection)) throw new Problem(404, `no collection ${match[1]}: one of ${COLLECTIONS.join(', ')}`)
  const id = match[2] === undefined ? undefined : decodeURIComponent(match[2])
  const { api } = target
  switch (`${request.method} ${id === undefined ? 'list' : 'one'}`) {
    case 'GET list': {
      const query = new URL(request.url).searchParams
      const filter = { organization: query.get('organization') ?? undefined, workspace: query.get('workspace') ?? undefined }
      return wireAnswer('GET records/{collection}', listRecords(api, collection, filter, Number(query.get('page') ?? 1) || 1, Number(query.get('pageSize') ?? 20) || 20))
    }
    case 'POST list':
      return wireAnswer('POST records/{collection}', await addRecord(api, collection, objectOf(await readJson(request))), 201)
    case 'GET one':
      return wireAnswer('GET records/{collection}/{id}', recordOf(api, collection, id!))
    case 'PATCH one':
      return wireAnswer('PATCH records/{collection}/{id}', await editRecord(api, collection, id!, (await readJson(request)) as Record<string, unknown>))
    case 'DELETE one':
      return wireAnswer('DELETE records/{collection}/{id}', await deleteRecord(api, collection, id!))
  }
  throw new Problem(405, `${request.method} is not allowed on ${new URL(request.url).pathname}`, undefined, { Allow: id === undefined ? 'GET, POST' : 'GET, PATCH, DELETE' })
}

/**
 * A preset and seed served from now on (reset returns to it); the first principal keeps its credentials.
 * Its bounds (`--max-records`, a session's budget) are checked before anything is built.
 */
async function switchScenario(request: Request, target: ServedMock, maxRecords: number): Promise<Response> {
  const body = objectOf(await readJson(request)) as { scenario?: unknown; seed?: unknown }
  const records = typeof body.scenario === 'string' ? scenarioRecords(body.scenario) : 0
  checkRecords(records, maxRecords, 'body.scenario', body.scenario)
  const seed = body.seed ?? target.seed
  try {
    // A session's own data: its records count in the sessions' budget (what the kit builds has no bytes to count).
    await target.replaceBuilt({ records, bytes: 0 }, () => {
      const state = presetState(target.api, body.scenario, seed)
      // A preset's records are known once built (they are few).
      checkRecords(stateRecords(state), maxRecords, 'body.scenario', body.scenario)
      return state
    })
  } catch (error) {
    if (error instanceof SessionBudgetError) throw new Problem(429, error.message)
    throw error
  }
  target.scenario = String(body.scenario)
  target.seed = seed as number
  return wireAnswer('POST scenario', { scenario: target.scenario, seed: target.seed, principals: target.api.principals })
}

function objectOf(value: unknown): Record<string, string | undefined> {
  if (value === undefined) return {}
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Problem(422, 'validation failed', [{ message: 'expected a JSON object', location: 'body', value }])
  }
  return value as Record<string, string | undefined>
}
