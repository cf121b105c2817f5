/**
 * The outcomes that exist: what each operation a mock serves can answer, derived from its definition and
 * the statuses its OpenAPI document declares (src/handlers/kit-routes/openapi/statuses.ts), never from a list kept by
 * hand. An outcome is a key (`422:body.name`, `404:workspaces:other-organization`, `fault:429`,
 * `page:last`), the same key `classify.ts` gives an answered request, so that what exists and what was
 * reached compare as strings. Each outcome names the topic of docs/spec-decisions.md it belongs to.
 */
import type { ApiSurface } from '../handlers/api-surface.ts'
import { TOPIC, type Topic } from '../handlers/decision-topics.ts'
import { errorStatuses } from '../handlers/kit-routes/openapi/statuses.ts'
import type { OperationSpec } from '../handlers/operation-spec.ts'
import type { AnySchema } from '../model/fields.ts'
import { KIT_OPERATIONS, PAGE_EDGES, ROUTING } from './order.ts'

/** One outcome of one operation (`operation` null: of no operation, as routing answers). */
export interface OutcomeSpec {
  operation: string | null
  outcome: string
  topic: Topic | null
}

/** An operation as the coverage document lists it: its name, method and path in the spec's syntax. */
export interface OperationShown {
  name: string
  method: string
  path: string
}

/** What one mock's API can answer: its operations, and every outcome of each (then routing's), in order. */
export interface Universe {
  operations: OperationShown[]
  outcomes: OutcomeSpec[]
}

/** The faults every operation can meet besides the 5xx statuses its document declares. */
const FAULTS = ['fault:429', 'fault:disconnect', 'fault:latency'] as const

/** The topic of the body of the kit's operations that take one (their 422s at `body...`). */
const BODY_TOPIC: Readonly<Record<string, Topic>> = {
  createWorkspace: TOPIC.create,
  updateWorkspace: TOPIC.update,
  createApplication: TOPIC.createApplication,
  updateApplication: TOPIC.updateApplication,
}

/**
 * The topic of the success of the presets (each has a heading of its own), by the presets' names (a test
 * holds them to `unshownOperations`, which this module does not load: a page's eager code would carry it).
 */
export const PRESET_TOPIC: Readonly<Record<string, Topic>> = {
  deleteWorkspace: TOPIC.deleteWorkspace,
  createApplication: TOPIC.createApplication,
  updateApplication: TOPIC.updateApplication,
  deleteApplication: TOPIC.deleteApplication,
}

/** Statuses with outcomes of their own kinds (by reason, by location, as faults); the rest an operation answers as they are. */
const KINDS = new Set([401, 404, 414, 422, 429])

const universes = new WeakMap<ApiSurface, Universe>()

/** The universe of a mock's API (the same object for the same surface: mocks of the same options share one). */
export function universeOf(surface: ApiSurface): Universe {
  let universe = universes.get(surface)
  if (universe === undefined) {
    const operations = surface.published.map((operation) => ({ name: operation.name, method: operation.method, path: specPath(operation.path) }))
    const outcomes = surface.published.flatMap((operation) => operationOutcomes(operation, surface.bodyOf(operation)))
    for (const outcome of ROUTING) outcomes.push({ operation: null, outcome, topic: topicOf(null, outcome, false) })
    universe = { operations, outcomes }
    universes.set(surface, universe)
  }
  return universe
}

/** Every outcome of one operation, in the order the reports show them. */
export function operationOutcomes(operation: OperationSpec, body: AnySchema | undefined): OutcomeSpec[] {
  const statuses = errorStatuses(operation)
  const parameters = operation.contract!.parameters
  const scoped = parameters.some((parameter) => parameter.in === 'header' && parameter.name === 'X-Workspace-ID')
  const keys: string[] = [String(operation.response?.status ?? 200)]
  if (statuses.includes(401)) keys.push('401:missing-header', '401:unknown-key', '401:secret-mismatch')
  if (statuses.includes(404)) keys.push(...lookups(operation, scoped))
  keys.push(...statuses.filter((status) => status < 500 && !KINDS.has(status)).map(String))
  if (statuses.includes(422)) keys.push(...parameters.map((parameter) => `422:${parameter.in}.${parameter.name}`), ...bodyLocations(body))
  keys.push(...statuses.filter((status) => status >= 500).map((status) => `fault:${status}`), ...FAULTS)
  if (operation.response?.shape === 'page') keys.push(...PAGE_EDGES)
  return keys.map((outcome) => ({ operation: operation.name, outcome, topic: topicOf(operation.name, outcome, scoped) }))
}

/**
 * The 404s of an operation by reason: a workspace it looks up (by `X-Workspace-ID`, or a `workspaceId`
 * path parameter) is missing or another organization's; an application (`applicationId`) is missing or
 * outside the named workspace. An operation that looks up nothing of the kit's answers its own 404.
 */
function lookups(operation: OperationSpec, scoped: boolean): string[] {
  const path = operation.contract!.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name)
  const found: string[] = []
  if (scoped || path.includes('workspaceId')) found.push('404:workspaces:not-found', '404:workspaces:other-organization')
  if (path.includes('applicationId')) found.push('404:applications:not-found', '404:applications:outside-workspace')
  return found.length > 0 ? found : ['404']
}

/** The 422 locations of a body: not an object at all, each member of an object, and a member it does not take. */
function bodyLocations(body: AnySchema | undefined): string[] {
  if (body === undefined) return []
  const def = (body as { _zod: { def: { type: string; shape?: Record<string, unknown>; catchall?: { _zod: { def: { type: string } } } } } })._zod.def
  if (def.type !== 'object' || def.shape === undefined) return ['422:body']
  const strict = def.catchall?._zod.def.type === 'never'
  return ['422:body', ...Object.keys(def.shape).map((key) => `422:body.${key}`), ...(strict ? ['422:body.*'] : [])]
}

/** The topic of docs/spec-decisions.md an outcome belongs to; null for what the page does not decide (yours). */
export function topicOf(operation: string | null, outcome: string, scoped: boolean): Topic | null {
  const [head, detail, reason] = outcome.split(':')
  if (operation === null) return head === '414' ? TOPIC.overlongUrls : TOPIC.otherPaths
  if (/^\d+$/.test(head!) && detail === undefined) return successOrOwnTopic(operation, Number(head))
  switch (head) {
    case '401':
      return TOPIC.auth
    case '404':
      if (reason === 'other-organization') return TOPIC.tenancy
      return reason === 'outside-workspace' || (detail === 'workspaces' && scoped) ? TOPIC.workspaceHeader : TOPIC.pathIds
    case '422':
      return locationTopic(operation, detail!)
    case 'fault':
      return detail === '429' ? TOPIC.rateLimits : detail === 'disconnect' || detail === 'latency' ? null : TOPIC.statuses
    case 'page':
      return detail === 'past-the-end' ? TOPIC.pastTheEnd : TOPIC.paging
    case 'page_size':
      return TOPIC.paging
  }
  return null
}

/** A status as it is: the body's transport (400, 413, 415), or the operation's own answer (its success, a 404). */
function successOrOwnTopic(operation: string, status: number): Topic | null {
  if ([400, 413, 415].includes(status)) return TOPIC.transport
  if (!KIT_OPERATIONS.includes(operation)) return null
  return (status < 300 ? PRESET_TOPIC[operation] : undefined) ?? TOPIC.statuses
}

function locationTopic(operation: string, location: string): Topic | null {
  if (location === 'header.X-Workspace-ID') return TOPIC.workspaceHeader
  if (location === 'path.workspaceId' || location === 'path.applicationId') return TOPIC.pathIds
  if (location === 'query.current_page' || location === 'query.page_size') return TOPIC.paging
  return location === 'body' || location.startsWith('body.') ? (BODY_TOPIC[operation] ?? null) : null
}

/** A path template in the spec's syntax (`/api/workspaces/{workspaceId}`), whichever syntax it is kept in. */
export function specPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}')
}
