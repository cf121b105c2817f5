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
import type { AnswerOf } from '../../wire/admin.ts'
import type { AdminMatch } from '../../wire/admin-routes.ts'
import { scenarioRecords, stateRecords } from '../limits.ts'
import { SessionBudgetError } from '../sessions/registry.ts'
import type { ServedMock } from '../sessions/served-mock.ts'
import type { MockHandlers } from './context.ts'
import { checkRecords, readJson } from './state-body.ts'

type RecordRoute =
  | 'POST scenario'
  | 'GET records/{collection}'
  | 'POST records/{collection}'
  | 'GET records/{collection}/{id}'
  | 'PATCH records/{collection}/{id}'
  | 'DELETE records/{collection}/{id}'

export const RECORD_HANDLERS = {
  'POST scenario': ({ request, target, maxRecords }) => switchScenario(request, target, maxRecords),
  'GET records/{collection}': ({ request, target, params }) => {
    const query = new URL(request.url).searchParams
    const filter = { organization: query.get('organization') ?? undefined, workspace: query.get('workspace') ?? undefined }
    return listRecords(target.api, params.collection as CollectionName, filter, Number(query.get('page') ?? 1) || 1, Number(query.get('pageSize') ?? 20) || 20)
  },
  'POST records/{collection}': async ({ request, target, params }) => addRecord(target.api, params.collection as CollectionName, objectOf(await readJson(request))),
  'GET records/{collection}/{id}': ({ target, params }) => recordOf(target.api, params.collection as CollectionName, idOf(params.id)),
  'PATCH records/{collection}/{id}': async ({ request, target, params }) =>
    editRecord(target.api, params.collection as CollectionName, idOf(params.id), (await readJson(request)) as Record<string, unknown>),
  'DELETE records/{collection}/{id}': ({ target, params }) => deleteRecord(target.api, params.collection as CollectionName, idOf(params.id)),
} satisfies MockHandlers<RecordRoute>

/**
 * A records path names one of the collections (else 404, whatever the method); a method its routes do not
 * take is a 405 naming those they do. The collection is checked here, before any handler runs.
 */
export function checkRecordPath(request: Request, found: AdminMatch): void {
  const { collection } = found.params
  if (collection === undefined) return
  if (!COLLECTIONS.includes(collection as CollectionName)) throw new Problem(404, `no collection ${collection}: one of ${COLLECTIONS.join(', ')}`)
  if (found.route === undefined) {
    throw new Problem(405, `${request.method} is not allowed on ${new URL(request.url).pathname}`, undefined, { Allow: found.allow.join(', ') })
  }
}

/** A record's id from its path segment; one that is not valid percent-encoding names no record, as it is. */
function idOf(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * A preset and seed served from now on (reset returns to it); the first principal keeps its credentials.
 * Its bounds (`--max-records`, a session's budget) are checked before anything is built.
 */
async function switchScenario(request: Request, target: ServedMock, maxRecords: number): Promise<AnswerOf<'POST scenario'>> {
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
  return { scenario: target.scenario, seed: target.seed, principals: target.api.principals }
}

function objectOf(value: unknown): Record<string, string | undefined> {
  if (value === undefined) return {}
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Problem(422, 'validation failed', [{ message: 'expected a JSON object', location: 'body', value }])
  }
  return value as Record<string, string | undefined>
}
