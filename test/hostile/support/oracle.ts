/**
 * The test oracle: from a request and the state before it, which statuses the contract allows and what a
 * 200 must contain. It restates the spec and the foundation decisions (issue 2) independently of src/;
 * routing alone is delegated to MSW's own matcher, because MSW is what routes requests to the kit.
 *
 * Where the contract leaves a choice open, the oracle accepts every defensible answer (e.g. a malformed id of
 * at most 36 characters may be 404 or 422; when several checks fail, the status of any of them).
 */
import { isDeepStrictEqual } from 'node:util'
import { matchRequestUrl } from 'msw'
import type { Account, Application, ScenarioState, Workspace } from '../../../src/index.ts'
import { CONTRACT, ORIGIN } from './settings.ts'

export type OpName =
  | 'listWorkspaces'
  | 'createWorkspace'
  | 'getWorkspace'
  | 'updateWorkspace'
  | 'listApplications'
  | 'getApplication'
  | 'getSchema'
  | PresetName

/** The operations the spec does not show, as the fuzzed mock opts into their presets (docs/spec-decisions.md). */
export type PresetName = 'deleteWorkspace' | 'createApplication' | 'updateApplication' | 'deleteApplication'

/** Spec section 4 (and the public schema documents of the decisions), then the presets the fuzzed mock opts into. */
export const ROUTES: ReadonlyArray<{ op: OpName; method: string; path: string }> = [
  { op: 'listWorkspaces', method: 'GET', path: '/api/workspaces' },
  { op: 'createWorkspace', method: 'POST', path: '/api/workspaces' },
  { op: 'getWorkspace', method: 'GET', path: '/api/workspaces/:workspaceId' },
  { op: 'updateWorkspace', method: 'PUT', path: '/api/workspaces/:workspaceId' },
  { op: 'listApplications', method: 'GET', path: '/api/applications' },
  { op: 'getApplication', method: 'GET', path: '/api/applications/:applicationId' },
  { op: 'getSchema', method: 'GET', path: '/api/schemas/:file' },
  { op: 'deleteWorkspace', method: 'DELETE', path: '/api/workspaces/:workspaceId' },
  { op: 'createApplication', method: 'POST', path: '/api/applications' },
  { op: 'updateApplication', method: 'PUT', path: '/api/applications/:applicationId' },
  { op: 'deleteApplication', method: 'DELETE', path: '/api/applications/:applicationId' },
]

/** The method of each operation, from the routes above. */
export const OWN_METHOD = Object.fromEntries(ROUTES.map((route) => [route.op, route.method])) as Record<OpName, string>

/** The envelope schema of each operation's 200 (spec 2.2); the deletes answer 204 without a body. */
export const SUCCESS_SCHEMA: Record<Exclude<OpName, 'getSchema' | 'deleteWorkspace' | 'deleteApplication'>, string> = {
  listWorkspaces: 'SuccessResponseListWorkspaceBody',
  createWorkspace: 'SuccessResponseWorkspaceBody',
  getWorkspace: 'SuccessResponseWorkspaceBody',
  updateWorkspace: 'SuccessResponseWorkspaceBody',
  listApplications: 'PagingResponseListApplicationBody',
  getApplication: 'SuccessResponseApplicationBody',
  createApplication: 'SuccessResponseApplicationBody',
  updateApplication: 'SuccessResponseApplicationBody',
}

/** The success status of each operation: 204 for the deletes, 200 for the rest. */
export const SUCCESS_STATUS = (op: OpName): 200 | 204 => (op === 'deleteWorkspace' || op === 'deleteApplication' ? 204 : 200)

const SERVED_SCHEMAS = new Set([...Object.values(SUCCESS_SCHEMA), 'ErrorModel'])

export type Route =
  | { kind: 'operation'; op: OpName; params: Record<string, string> }
  | { kind: 'fallback'; status: 404 | 405 | 204; allow: string[] }
  | { kind: 'outside' }

/** Which operation MSW hands a request to, or what the `/api` catch-all must answer. */
export function routeOf(method: string, url: URL): Route {
  const at = (path: string) => {
    try {
      return matchRequestUrl(url, `${ORIGIN}${path}`)
    } catch {
      // MSW's matcher refuses URLs over 8,192 characters; the route is still plain to see.
      return segmentMatch(url.pathname, path)
    }
  }
  for (const route of ROUTES) {
    if (route.method !== method.toUpperCase()) continue
    const match = at(route.path)
    if (match.matches) {
      const params: Record<string, string> = {}
      for (const [name, value] of Object.entries(match.params ?? {})) {
        params[name] = typeof value === 'string' ? value : String(value)
      }
      return { kind: 'operation', op: route.op, params }
    }
  }
  const allow = [...new Set(ROUTES.filter((r) => at(r.path).matches).map((r) => r.method))]
  if (allow.length > 0) return { kind: 'fallback', status: method === 'OPTIONS' ? 204 : 405, allow }
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    return { kind: 'fallback', status: 404, allow: [] }
  }
  return { kind: 'outside' }
}

/** A plain segment-by-segment match, for URLs MSW's matcher will not look at. */
function segmentMatch(pathname: string, pattern: string): { matches: boolean; params?: Record<string, string> } {
  const have = pathname.replace(/\/$/, '').split('/')
  const want = pattern.split('/')
  if (have.length !== want.length) return { matches: false }
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!
    if (part.startsWith(':')) {
      if (have[i] === '') return { matches: false }
      try {
        params[part.slice(1)] = decodeURIComponent(have[i]!)
      } catch {
        params[part.slice(1)] = have[i]!
      }
    } else if (have[i] !== part) return { matches: false }
  }
  return { matches: true, params }
}

/** Notes the request generator attaches to a body the oracle cannot see by parsing it once. */
export interface BodyNotes {
  /** The JSON text repeats a member name: last-wins (JSON.parse, Go) or a rejection are both fine. */
  duplicateKeys?: boolean
  /** Starts with a UTF-8 byte order mark: stripping it or rejecting the body with 400 are both fine. */
  bom?: boolean
}

/** What a 200 must show, per operation. */
export type SuccessPlan =
  | { op: 'listWorkspaces' }
  | { op: 'getWorkspace'; workspace: Workspace }
  | { op: 'createWorkspace'; body: { name: string; description?: string; domain?: string } }
  | { op: 'updateWorkspace'; workspace: Workspace; body: { name?: string; description?: string } }
  | { op: 'listApplications'; workspace: Workspace; currentPage: number; pageSize: number }
  | { op: 'getApplication'; application: Application }
  | { op: 'getSchema'; name: string }
  | { op: 'deleteWorkspace'; workspace: Workspace }
  | { op: 'createApplication'; workspace: Workspace; body: Record<string, unknown> }
  | { op: 'updateApplication'; application: Application; body: Record<string, unknown> }
  | { op: 'deleteApplication'; application: Application }

export interface Expectation {
  route: Route
  principal: Account | undefined
  statuses: Set<number>
  /** Why each non-200 status is allowed, for failure messages. */
  reasons: string[]
  plan: SuccessPlan | undefined
}

/** Collects the checks a request fails (certainly) or may fail (where the contract leaves room). */
class Verdict {
  readonly certain = new Map<number, string>()
  readonly maybe = new Map<number, string>()
  fail(status: number, reason: string): void {
    if (!this.certain.has(status)) this.certain.set(status, reason)
  }
  mayFail(status: number, reason: string): void {
    if (!this.maybe.has(status)) this.maybe.set(status, reason)
  }
  get failed(): boolean {
    return this.certain.size > 0
  }
  statuses(success: number): Set<number> {
    const out = new Set<number>([...this.certain.keys(), ...this.maybe.keys()])
    if (!this.failed) out.add(success)
    return out
  }
  reasons(): string[] {
    return [
      ...[...this.certain].map(([s, r]) => `${s}: ${r}`),
      ...[...this.maybe].map(([s, r]) => `${s} (allowed): ${r}`),
    ]
  }
}

const ID_FORM: Record<'wse' | 'app', RegExp> = { wse: /^wse_[0-9a-f]+$/, app: /^app_[0-9a-f]+$/ }

/**
 * An identifier from a path or a header. More than 36 characters: 422 (decision; also when counted in code
 * points, so a 36-emoji id is no longer ambiguous). Malformed ids of at most 36: 404 or 422. Then lookup.
 */
function checkId<T>(
  verdict: Verdict,
  id: string,
  prefix: 'wse' | 'app',
  location: string,
  lookup: (id: string) => T | undefined,
  overLengthStatuses: readonly number[] = [422],
): T | undefined {
  const codePoints = [...id].length
  if (codePoints > CONTRACT.maxIdLength) {
    for (const status of overLengthStatuses) verdict.fail(status, `${location} has ${codePoints} characters`)
    return undefined
  }
  if (id.length === 0 || id.length > CONTRACT.maxIdLength || !ID_FORM[prefix].test(id)) {
    verdict.fail(404, `${location} ${JSON.stringify(id)} is not a ${prefix}_ identifier`)
    verdict.mayFail(422, `${location} is malformed`)
    return undefined
  }
  const found = lookup(id)
  if (found === undefined) verdict.fail(404, `${location} ${id} is not visible to the principal`)
  return found
}

/** Decision: JSON is application/json or application/<anything>+json, parameters allowed. */
export function isJsonMediaType(contentType: string | null): boolean {
  const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  return media === 'application/json' || /^application\/[a-z0-9!#$&^_.+-]+\+json$/.test(media)
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** The JSON value of a body, or the statuses it must be rejected with (415, 413, 400). */
function readBody(
  verdict: Verdict,
  contentType: string | null,
  bytes: Uint8Array,
  notes: BodyNotes,
): { value: unknown } | undefined {
  if (!isJsonMediaType(contentType)) {
    verdict.fail(415, `content type ${JSON.stringify(contentType)} is not JSON`)
    if (bytes.byteLength > CONTRACT.maxBodyBytes) verdict.mayFail(413, 'the body is also too large')
    return undefined
  }
  if (bytes.byteLength > CONTRACT.maxBodyBytes) {
    verdict.fail(413, `body of ${bytes.byteLength} bytes`)
    return undefined
  }
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    verdict.fail(400, 'body is not UTF-8')
    return undefined
  }
  if (text.startsWith('\uFEFF')) {
    verdict.mayFail(400, 'byte order mark')
    text = text.slice(1)
  }
  if (/^[ \t\r\n]*$/.test(text)) {
    verdict.fail(400, 'empty body')
    verdict.mayFail(422, 'empty body')
    return undefined
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    verdict.fail(400, 'body is not JSON')
    return undefined
  }
  if (notes.duplicateKeys) {
    verdict.mayFail(400, 'duplicate member names')
    verdict.mayFail(422, 'duplicate member names')
  }
  return { value }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** Create: object with `name` (non-empty string), optional string `description` and `domain`, nothing else. */
function createBody(verdict: Verdict, value: unknown) {
  if (!isPlainObject(value)) return void verdict.fail(422, 'body is not an object')
  const allowed = new Set(['name', 'description', 'domain'])
  const extra = Object.keys(value).filter((key) => !allowed.has(key))
  if (extra.length > 0) verdict.fail(422, `unexpected members ${JSON.stringify(extra)}`)
  if (typeof value.name !== 'string' || value.name === '') verdict.fail(422, 'name is not a non-empty string')
  for (const key of ['description', 'domain']) {
    if (Object.hasOwn(value, key) && typeof value[key] !== 'string') verdict.fail(422, `${key} is not a string`)
  }
  return value as { name: string; description?: string; domain?: string }
}

/** Update: optional `name` and `description` strings; `domain` or anything else is a 422. */
function updateBody(verdict: Verdict, value: unknown) {
  if (!isPlainObject(value)) return void verdict.fail(422, 'body is not an object')
  const extra = Object.keys(value).filter((key) => key !== 'name' && key !== 'description')
  if (extra.length > 0) verdict.fail(422, `unexpected members ${JSON.stringify(extra)}`)
  for (const key of ['name', 'description']) {
    if (Object.hasOwn(value, key) && typeof value[key] !== 'string') verdict.fail(422, `${key} is not a string`)
  }
  // The spec sets no length rule for an updated name; the create rule (non-empty) may apply too.
  if (value.name === '') verdict.mayFail(422, 'empty name')
  return value as { name?: string; description?: string }
}

/**
 * `current_page` / `page_size`: integers within the spec's bounds; absent: the decided defaults; anything
 * else 422; a value repeated: 422; an empty value may count as absent or be rejected.
 */
function pagingValue(verdict: Verdict, url: URL, rule: (typeof CONTRACT)['currentPage' | 'pageSize']): number {
  const all = url.searchParams.getAll(rule.name)
  const given = all.filter((v) => v !== '')
  if (given.length < all.length) verdict.mayFail(422, `empty ${rule.name}`)
  if (given.length === 0) return rule.default
  if (given.length > 1) {
    verdict.fail(422, `${rule.name} given ${given.length} times`)
    return rule.default
  }
  const raw = given[0]!
  if (!/^-?[0-9]+$/.test(raw)) {
    verdict.fail(422, `${rule.name}=${JSON.stringify(raw)} is not an integer`)
    return rule.default
  }
  const value = Number(raw)
  if (value < rule.min || value > rule.max) {
    verdict.fail(422, `${rule.name}=${raw} is out of ${rule.min}..${rule.max}`)
    return rule.default
  }
  if (raw.replace(/^-?0+(?=[0-9])/, '').length !== raw.length) {
    // Leading zeros: an integer all the same (Go's strconv accepts them); a strict parser may not.
    verdict.mayFail(422, `${rule.name}=${raw} has leading zeros`)
  }
  return value
}

/** List order of the decisions: `created` ascending, then `id`. */
export function listOrder<T extends { created: number; id: string }>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

export interface RequestFacts {
  method: string
  url: URL
  headers: Headers
  bytes: Uint8Array | undefined
  notes: BodyNotes
}

/** The statuses the contract allows for a request against `state`, and what its 200 must show. */
export function expectationFor(facts: RequestFacts, state: ScenarioState): Expectation {
  const route = routeOf(facts.method, facts.url)
  const key = facts.headers.get('X-API-Key')
  const secret = facts.headers.get('X-API-Secret')
  const principal =
    key && secret ? state.accounts.find((a) => a.apiKey === key && a.apiSecret === secret) : undefined

  if (route.kind === 'outside') {
    return { route, principal, statuses: new Set(), reasons: ['the generator left /api'], plan: undefined }
  }
  // Decision: a URL over 8,192 characters is 414 before anything else (as a body over 1 MiB is 413).
  if (facts.url.href.length > 8192) {
    return { route, principal, statuses: new Set([414]), reasons: ['414: URL over 8,192 characters'], plan: undefined }
  }
  if (route.kind === 'fallback') {
    const statuses = new Set<number>([route.status])
    // A known path with another method is 405; answering 401 first for a missing principal is fine too.
    if (route.status === 405 && !principal) statuses.add(401)
    return { route, principal, statuses, reasons: [`catch-all ${route.status}`], plan: undefined }
  }
  if (route.op === 'getSchema') {
    const file = route.params.file ?? ''
    const name = file.endsWith('.json') ? file.slice(0, -5) : ''
    const known = SERVED_SCHEMAS.has(name)
    return {
      route,
      principal,
      statuses: new Set([known ? 200 : 404]),
      reasons: [known ? 'public schema document' : `no schema ${file}`],
      plan: known ? { op: 'getSchema', name } : undefined,
    }
  }
  if (!principal) {
    return { route, principal, statuses: new Set([401]), reasons: ['401: no principal matches'], plan: undefined }
  }

  const verdict = new Verdict()
  const visibleWorkspace = (id: string) =>
    state.workspaces.find((w) => w.id === id && w.organization === principal.organization)
  let plan: SuccessPlan | undefined

  switch (route.op) {
    case 'listWorkspaces':
      plan = { op: 'listWorkspaces' }
      break
    case 'getWorkspace': {
      const workspace = checkId(verdict, route.params.workspaceId ?? '', 'wse', 'path.workspaceId', visibleWorkspace)
      if (workspace) plan = { op: 'getWorkspace', workspace }
      break
    }
    case 'createWorkspace': {
      const read = readBody(verdict, facts.headers.get('Content-Type'), facts.bytes ?? new Uint8Array(), facts.notes)
      const body = read && createBody(verdict, read.value)
      if (body) plan = { op: 'createWorkspace', body }
      break
    }
    case 'updateWorkspace': {
      const workspace = checkId(verdict, route.params.workspaceId ?? '', 'wse', 'path.workspaceId', visibleWorkspace)
      const read = readBody(verdict, facts.headers.get('Content-Type'), facts.bytes ?? new Uint8Array(), facts.notes)
      const body = read && updateBody(verdict, read.value)
      if (workspace && body) plan = { op: 'updateWorkspace', workspace, body }
      break
    }
    case 'listApplications':
    case 'getApplication': {
      let application: Application | undefined
      if (route.op === 'getApplication') application = applicationOf(verdict, route.params, state)
      const workspace = scopeOf(verdict, facts, visibleWorkspace)
      if (route.op === 'listApplications') {
        const currentPage = pagingValue(verdict, facts.url, CONTRACT.currentPage)
        const pageSize = pagingValue(verdict, facts.url, CONTRACT.pageSize)
        if (workspace) plan = { op: 'listApplications', workspace, currentPage, pageSize }
      } else if (application && workspace) {
        // Paging parameters mean nothing to getApplication: they are ignored.
        if (inScope(verdict, application, workspace)) plan = { op: 'getApplication', application }
      }
      break
    }
    default:
      plan = presetPlan(route.op, route.params, facts, state, verdict, visibleWorkspace)
  }
  return {
    route,
    principal,
    statuses: verdict.statuses(SUCCESS_STATUS(route.op)),
    reasons: verdict.reasons(),
    plan: verdict.failed ? undefined : plan,
  }
}

/** An application by its path id (any organization's: the scope decides what is visible). */
function applicationOf(verdict: Verdict, params: Record<string, string>, state: ScenarioState): Application | undefined {
  return checkId(verdict, params.applicationId ?? '', 'app', 'path.applicationId', (id) => state.applications.find((a) => a.id === id))
}

/** The workspace `X-Workspace-ID` names, by the application operations' rules. */
function scopeOf(verdict: Verdict, facts: RequestFacts, visibleWorkspace: (id: string) => Workspace | undefined): Workspace | undefined {
  const scope = facts.headers.get('X-Workspace-ID')
  if (scope === null || scope === '') {
    verdict.fail(422, `header.X-Workspace-ID is ${scope === null ? 'missing' : 'empty'}`)
    return undefined
  }
  // The decisions fix 422 for over-long path ids; for the header a 404 (no such workspace) is fine too.
  return checkId(verdict, scope, 'wse', 'header.X-Workspace-ID', visibleWorkspace, [404, 422])
}

/** Whether an application is in the named workspace (else 404, as one that does not exist). */
function inScope(verdict: Verdict, application: Application, workspace: Workspace): boolean {
  if (application.workspace === workspace.id) return true
  verdict.fail(404, 'application is outside the named workspace')
  return false
}

/** The presets of the operations the spec does not show (docs/spec-decisions.md), as the fuzzed mock serves them. */
function presetPlan(
  op: OpName,
  params: Record<string, string>,
  facts: RequestFacts,
  state: ScenarioState,
  verdict: Verdict,
  visibleWorkspace: (id: string) => Workspace | undefined,
): SuccessPlan | undefined {
  if (op === 'deleteWorkspace') {
    const workspace = checkId(verdict, params.workspaceId ?? '', 'wse', 'path.workspaceId', visibleWorkspace)
    return workspace && { op, workspace }
  }
  const application = op === 'createApplication' ? undefined : applicationOf(verdict, params, state)
  const workspace = scopeOf(verdict, facts, visibleWorkspace)
  let body: Record<string, unknown> | undefined
  if (op === 'createApplication' || op === 'updateApplication') {
    const read = readBody(verdict, facts.headers.get('Content-Type'), facts.bytes ?? new Uint8Array(), facts.notes)
    body = read && applicationBody(verdict, read.value, op === 'createApplication')
  }
  if (!workspace || (op === 'createApplication' ? !body : !application || !inScope(verdict, application, workspace))) return undefined
  if (op === 'createApplication') return { op, workspace, body: body! }
  if (op === 'updateApplication') return body && { op, application: application!, body }
  return { op: 'deleteApplication', application: application! }
}

/** The entry lists of an application and the id prefixes of their entries. */
const ENTRY_LISTS: Record<string, RegExp> = { gateways: /^gtw_[0-9a-f]+$/, group_or_users: /^(?:grp|usr)_[0-9a-f]+$/, policies: /^ply_[0-9a-f]+$/ }
const APPLICATION_TEXTS = ['description', 'access_type', 'domain_alias', 'external_domain', 'port', 'port_alias', 'protocol']

/** An application body (the create workspace body's rules: `name` non-empty on create, `domain` on create only, nothing else). */
function applicationBody(verdict: Verdict, value: unknown, create: boolean): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) return void verdict.fail(422, 'body is not an object')
  const allowed = new Set(['name', ...APPLICATION_TEXTS, ...Object.keys(ENTRY_LISTS), ...(create ? ['domain'] : [])])
  const extra = Object.keys(value).filter((key) => !allowed.has(key))
  if (extra.length > 0) verdict.fail(422, `unexpected members ${JSON.stringify(extra)}`)
  if ((create || Object.hasOwn(value, 'name')) && (typeof value.name !== 'string' || value.name === '')) verdict.fail(422, 'name is not a non-empty string')
  for (const key of [...APPLICATION_TEXTS, 'domain']) {
    if (Object.hasOwn(value, key) && typeof value[key] !== 'string') verdict.fail(422, `${key} is not a string`)
  }
  for (const [key, prefix] of Object.entries(ENTRY_LISTS)) {
    if (!Object.hasOwn(value, key)) continue
    const list = value[key]
    const entry = (item: unknown) =>
      isPlainObject(item) && Object.keys(item).every((k) => k === 'id' || k === 'name') && typeof item.name === 'string' &&
      typeof item.id === 'string' && item.id.length <= CONTRACT.maxIdLength && prefix.test(item.id)
    if (!Array.isArray(list) || !list.every(entry)) verdict.fail(422, `${key} is not a list of { id, name } entries`)
  }
  return value
}

/** Why a 200 body breaks the plan, or undefined when it is exactly what the state says. */
export function successProblem(
  plan: SuccessPlan,
  data: unknown,
  body: Record<string, unknown>,
  principal: Account | undefined,
  state: ScenarioState,
): string | undefined {
  const same = (actual: unknown, expected: unknown, what: string) =>
    isDeepStrictEqual(actual, expected)
      ? undefined
      : `${what}: expected ${JSON.stringify(expected)?.slice(0, 400)}, got ${JSON.stringify(actual)?.slice(0, 400)}`
  switch (plan.op) {
    case 'getSchema':
      return isPlainObject(body) && typeof body.$schema === 'string' ? undefined : 'schema document is not JSON Schema'
    case 'listWorkspaces':
      return same(
        data,
        listOrder(state.workspaces.filter((w) => w.organization === principal!.organization)),
        'workspace list',
      )
    case 'getWorkspace':
      return same(data, plan.workspace, 'workspace')
    case 'getApplication':
      return same(data, plan.application, 'application')
    case 'listApplications': {
      const all = listOrder(state.applications.filter((a) => a.workspace === plan.workspace.id))
      const start = (plan.currentPage - 1) * plan.pageSize
      return (
        same(body.current_page, plan.currentPage, 'current_page') ??
        same(body.page_size, plan.pageSize, 'page_size') ??
        same(body.total, all.length, 'total') ??
        same(data, all.slice(start, start + plan.pageSize), `page ${plan.currentPage} of ${plan.pageSize}`)
      )
    }
    case 'createWorkspace': {
      const record = data as Workspace
      if (!isPlainObject(record)) return 'data is not a record'
      return (
        same(record.name, plan.body.name, 'name') ??
        same(record.description, plan.body.description ?? '', 'description') ??
        same(record.domain, plan.body.domain ?? '', 'domain') ??
        same(record.organization, principal!.organization, 'organization') ??
        same(record.created_by, principal!.id, 'created_by') ??
        same(record.modified_by, principal!.id, 'modified_by') ??
        same(record.updated, record.created, 'updated of a new record') ??
        (/^wse_[0-9a-f]+$/.test(record.id) && record.id.length <= CONTRACT.maxIdLength
          ? undefined
          : `id ${record.id} is not a wse_ id`) ??
        (state.workspaces.some((w) => w.id === record.id) ? `id ${record.id} already existed` : undefined)
      )
    }
    case 'updateWorkspace': {
      const before = plan.workspace
      const record = data as Workspace
      if (!isPlainObject(record)) return 'data is not a record'
      return (
        same(
          { ...record, updated: 0, modified_by: '' },
          {
            ...before,
            name: plan.body.name ?? before.name,
            description: plan.body.description ?? before.description,
            updated: 0,
            modified_by: '',
          },
          'updated workspace',
        ) ??
        same(record.modified_by, principal!.id, 'modified_by') ??
        (record.updated > before.updated ? undefined : `updated ${record.updated} is not after ${before.updated}`)
      )
    }
    case 'createApplication':
    case 'updateApplication':
      return applicationProblem(plan, data, principal!, state)
    case 'deleteWorkspace':
    case 'deleteApplication':
      return 'a body for a 204'
  }
}

/** The defaults of the members a create application body leaves out (docs/spec-decisions.md, "Create application body"). */
const NEW_APPLICATION = {
  description: '', access_type: 'private', domain: '', domain_alias: '', external_domain: '', port: '', port_alias: '', protocol: 'http',
  gateways: [], group_or_users: [], policies: [],
}

/** Why a created or updated application is not the body over the defaults or over what it was. */
function applicationProblem(
  plan: Extract<SuccessPlan, { op: 'createApplication' | 'updateApplication' }>,
  data: unknown,
  principal: Account,
  state: ScenarioState,
): string | undefined {
  if (!isPlainObject(data)) return 'data is not a record'
  const record = data as unknown as Application
  const before = plan.op === 'updateApplication' ? plan.application : { ...NEW_APPLICATION, workspace: plan.workspace.id, created_by: principal.id }
  const expected = { ...before, ...plan.body }
  const own = (value: Record<string, unknown>) => {
    const { id: _, icons: _i, created: _c, updated: _u, modified_by: _m, ...rest } = value
    return rest
  }
  const same = (actual: unknown, wanted: unknown, what: string) =>
    isDeepStrictEqual(actual, wanted) ? undefined : `${what}: expected ${JSON.stringify(wanted)?.slice(0, 400)}, got ${JSON.stringify(actual)?.slice(0, 400)}`
  return (
    same(own(data), own(expected), `${plan.op === 'createApplication' ? 'created' : 'updated'} application`) ??
    same(record.modified_by, principal.id, 'modified_by') ??
    (plan.op === 'updateApplication'
      ? same(record.id, plan.application.id, 'id') ?? (record.updated > plan.application.updated ? undefined : `updated ${record.updated} is not after ${plan.application.updated}`)
      : same(record.updated, record.created, 'updated of a new record') ??
        (/^app_[0-9a-f]{32}$/.test(record.id) && !state.applications.some((a) => a.id === record.id) ? undefined : `id ${record.id} is not a new app_ id`))
  )
}

/** A record of another organization in a 200 body, or undefined. Applies to every route. */
export function tenancyBreach(data: unknown, principal: Account, state: ScenarioState): string | undefined {
  const records = Array.isArray(data) ? data : [data]
  for (const record of records) {
    if (!isPlainObject(record)) continue
    if (typeof record.organization === 'string' && record.organization !== principal.organization) {
      return `workspace ${String(record.id)} of ${record.organization} served to ${principal.organization}`
    }
    if (typeof record.workspace === 'string') {
      const owner = state.workspaces.find((w) => w.id === record.workspace)
      if (!owner || owner.organization !== principal.organization) {
        return `application ${String(record.id)} of workspace ${record.workspace} (${owner?.organization ?? 'unknown'}) served to ${principal.organization}`
      }
    }
  }
  return undefined
}
