/**
 * The conformance suite: each probe is one request, built for a side from what that side discovered
 * (its workspace, application, totals) and the profile's bounds, and names the aspects it checks with the
 * README decision row each one observes.
 */
import type { OperationName } from '../handlers/operation-spec.ts'
import type { ResolvedProfile } from '../handlers/profile.ts'
import { MAX_BODY_BYTES, MAX_URL_LENGTH } from '../handlers/limits.ts'
import { MAX_ID_LENGTH } from '../model/ids.ts'
import type { AspectName, Discovered } from './aspects.ts'
import type { RequestSpec } from './client.ts'

/** The README's decision rows verify observes, by their exact topic text. */
export const TOPIC = {
  errors: 'Error bodies',
  links: '`$schema` and `Link`',
  schemaDocuments: 'Schema documents',
  auth: 'Authentication',
  workspaceHeader: '`X-Workspace-ID`',
  pathIds: 'Path identifiers',
  paging: 'Paging names and defaults',
  pastTheEnd: 'Page past the end',
  order: 'List order',
  create: 'Create workspace body',
  update: 'Update workspace body',
  transport: 'Body transport errors',
  overlongUrls: 'Over-long URLs',
  rejectedValues: 'Rejected values in errors',
  checkOrder: 'Order of checks',
  fields: 'Record fields',
  ids: 'Identifiers',
  workspacePrefix: 'Workspace id prefix',
  timestamps: 'Timestamps',
  icons: 'Icons',
  otherPaths: 'Other paths and methods',
  openapi: 'OpenAPI documents',
  componentNames: 'OpenAPI component names',
  downgrade: 'The 3.0 downgrade',
  statuses: 'Statuses per operation',
} as const

export type Topic = (typeof TOPIC)[keyof typeof TOPIC]

export interface ProbeContext extends Discovered {
  profile: ResolvedProfile
}

export interface Probe {
  id: string
  operation?: OperationName
  /** Creates or updates data: sent only with `--write`. */
  write?: boolean
  /** The request for a side; undefined when the side has nothing to send it about (no application, ...). */
  request(side: ProbeContext): RequestSpec | undefined
  /** The aspects this probe checks, each with the decision row it observes. */
  checks: Partial<Record<AspectName, Topic>>
  /** Keeps what later probes need from the answer (the created workspace). */
  after?(json: unknown, side: Discovered): void
}

const T = TOPIC
const hex = (length: number) => '0'.repeat(length)
const UNKNOWN_WORKSPACE = `wse_${hex(32)}`
const TOO_LONG_ID = `wse_${hex(MAX_ID_LENGTH - 3)}`
const get = (path: string, auth: RequestSpec['auth'] = 'valid'): RequestSpec => ({ method: 'GET', path, auth })
const json = (method: string, path: string, value: unknown, auth: RequestSpec['auth'] = 'valid'): RequestSpec => ({
  method,
  path,
  auth,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(value),
})
const problem = (topic: Topic) => ({ status: topic, title: T.errors, declared: T.statuses }) as const

/** GET /api/applications of the side's workspace, with this query. */
function applications(query: string, extra: Record<string, string> = {}) {
  return (side: ProbeContext): RequestSpec | undefined =>
    side.workspaceId === undefined
      ? undefined
      : { ...get(`/api/applications${query}`), headers: { 'X-Workspace-ID': side.workspaceId, ...extra } }
}

/** The paging probes: each bound accepted, one past it rejected, and values that are not integers. */
function pagingProbes(): Probe[] {
  const at = (name: 'page_size' | 'current_page', pick: (p: ResolvedProfile) => number): Probe['request'] => (side) =>
    applications(`?${name}=${pick(side.profile)}`)(side)
  const bounds = (key: 'pageSize' | 'currentPage', name: 'page_size' | 'current_page'): Probe[] => [
    { id: `paging.${name}-at-min`, operation: 'listApplications', request: at(name, (p) => p.paging[key].min), checks: { status: T.paging, paging: T.paging } },
    { id: `paging.${name}-below-min`, operation: 'listApplications', request: at(name, (p) => p.paging[key].min - 1), checks: { status: T.paging, 'error-locations': T.paging } },
    { id: `paging.${name}-at-max`, operation: 'listApplications', request: at(name, (p) => p.paging[key].max), checks: { status: T.paging, paging: T.paging } },
    { id: `paging.${name}-above-max`, operation: 'listApplications', request: at(name, (p) => p.paging[key].max + 1), checks: { status: T.paging, 'error-locations': T.paging, title: T.errors } },
  ]
  const rejected = (id: string, query: string, extra: Partial<Record<AspectName, Topic>> = {}): Probe => ({
    id: `paging.${id}`,
    operation: 'listApplications',
    request: applications(query),
    checks: { status: T.paging, 'error-locations': T.paging, ...extra },
  })
  return [
    { id: 'paging.defaults', operation: 'listApplications', request: applications(''), checks: { status: T.paging, paging: T.paging, declared: T.statuses, schema: T.fields, fields: T.fields, 'id-shape': T.ids, order: T.order, timestamps: T.timestamps, icons: T.icons } },
    ...bounds('pageSize', 'page_size'),
    ...bounds('currentPage', 'current_page'),
    rejected('page_size-not-an-integer', '?page_size=abc', { 'error-value': T.rejectedValues, declared: T.statuses, schema: T.errors }),
    rejected('page_size-decimal', '?page_size=1.5'),
    rejected('page_size-exponent', '?page_size=1e3'),
    rejected('page_size-repeated', '?page_size=10&page_size=20', { 'error-value': T.rejectedValues }),
    { id: 'paging.page_size-empty', operation: 'listApplications', request: applications('?page_size='), checks: { status: T.paging, paging: T.paging } },
    { id: 'paging.unknown-parameter', operation: 'listApplications', request: applications('?sort=name'), checks: { status: T.paging, paging: T.paging } },
    {
      id: 'paging.past-the-end',
      operation: 'listApplications',
      request: (side) => {
        const { pageSize, currentPage } = side.profile.paging
        const page = Math.floor((side.total ?? 0) / pageSize.default) + 2
        return side.total === undefined || page > currentPage.max ? undefined : applications(`?current_page=${page}`)(side)
      },
      checks: { status: T.pastTheEnd, 'past-the-end': T.pastTheEnd },
    },
  ]
}

const readProbes: Probe[] = [
  { id: 'auth.no-credentials', operation: 'listWorkspaces', request: () => get('/api/workspaces', 'none'), checks: { status: T.auth, 'www-authenticate': T.auth, title: T.errors, 'content-type': T.errors, schema: T.errors, declared: T.statuses, link: T.links, $schema: T.links } },
  { id: 'auth.wrong-secret', operation: 'listWorkspaces', request: () => get('/api/workspaces', 'wrong-secret'), checks: { status: T.auth, 'www-authenticate': T.auth } },
  { id: 'auth.empty-key', operation: 'listWorkspaces', request: () => get('/api/workspaces', 'empty-key'), checks: { status: T.auth } },
  { id: 'workspaces.list', operation: 'listWorkspaces', request: () => get('/api/workspaces'), checks: { status: T.statuses, declared: T.statuses, schema: T.fields, fields: T.fields, 'id-shape': T.workspacePrefix, order: T.order, timestamps: T.timestamps, icons: T.icons, link: T.links, $schema: T.links } },
  { id: 'workspaces.get', operation: 'getWorkspace', request: (side) => side.workspaceId === undefined ? undefined : get(`/api/workspaces/${side.workspaceId}`), checks: { status: T.statuses, declared: T.statuses, fields: T.fields, 'id-shape': T.workspacePrefix, $schema: T.links } },
  { id: 'workspaces.get-unknown', operation: 'getWorkspace', request: () => get(`/api/workspaces/${UNKNOWN_WORKSPACE}`), checks: problem(T.pathIds) },
  { id: 'workspaces.get-other-prefix', operation: 'getWorkspace', request: () => get('/api/workspaces/xyz_123'), checks: { status: T.pathIds } },
  { id: 'workspaces.get-id-too-long', operation: 'getWorkspace', request: () => get(`/api/workspaces/${TOO_LONG_ID}`), checks: { status: T.pathIds, 'error-locations': T.pathIds, 'error-value': T.rejectedValues, declared: T.statuses } },
  ...pagingProbes(),
  { id: 'workspace-header.missing', operation: 'listApplications', request: () => get('/api/applications'), checks: { status: T.workspaceHeader, 'error-locations': T.workspaceHeader } },
  { id: 'workspace-header.too-long', operation: 'listApplications', request: () => ({ ...get('/api/applications'), headers: { 'X-Workspace-ID': TOO_LONG_ID } }), checks: { status: T.workspaceHeader, 'error-locations': T.workspaceHeader } },
  { id: 'workspace-header.unknown', operation: 'listApplications', request: () => ({ ...get('/api/applications'), headers: { 'X-Workspace-ID': UNKNOWN_WORKSPACE } }), checks: problem(T.workspaceHeader) },
  { id: 'rejected-value.long-string', operation: 'listApplications', request: () => ({ ...get('/api/applications'), headers: { 'X-Workspace-ID': 'x'.repeat(300) } }), checks: { 'error-value': T.rejectedValues } },
  { id: 'applications.get', operation: 'getApplication', request: (side) => side.applicationId === undefined ? undefined : { ...get(`/api/applications/${side.applicationId}`), headers: { 'X-Workspace-ID': side.workspaceId! } }, checks: { status: T.statuses, declared: T.statuses, schema: T.fields, fields: T.fields, 'id-shape': T.ids, timestamps: T.timestamps } },
  { id: 'applications.get-unknown', operation: 'getApplication', request: (side) => side.workspaceId === undefined ? undefined : { ...get(`/api/applications/app_${hex(32)}`), headers: { 'X-Workspace-ID': side.workspaceId } }, checks: problem(T.pathIds) },
  { id: 'applications.get-id-too-long', operation: 'getApplication', request: (side) => side.workspaceId === undefined ? undefined : { ...get(`/api/applications/app_${hex(33)}`), headers: { 'X-Workspace-ID': side.workspaceId } }, checks: { status: T.pathIds, 'error-locations': T.pathIds } },
  { id: 'check-order.401-before-422', operation: 'listApplications', request: () => get('/api/applications?page_size=abc', 'none'), checks: { status: T.checkOrder } },
  { id: 'check-order.422-before-404', operation: 'listApplications', request: () => ({ ...get('/api/applications?page_size=abc'), headers: { 'X-Workspace-ID': UNKNOWN_WORKSPACE } }), checks: { status: T.checkOrder, 'error-locations': T.checkOrder } },
  { id: 'urls.over-long', operation: 'listWorkspaces', request: () => get(`/api/workspaces?q=${'a'.repeat(MAX_URL_LENGTH)}`), checks: problem(T.overlongUrls) },
  { id: 'paths.unknown', request: () => get('/api/nothing-here'), checks: { status: T.otherPaths, title: T.errors, 'content-type': T.errors } },
  { id: 'methods.delete', request: (side) => ({ method: 'DELETE', path: `/api/workspaces/${side.workspaceId ?? UNKNOWN_WORKSPACE}`, auth: 'valid' }), checks: { status: T.otherPaths, allow: T.otherPaths } },
  { id: 'methods.head', request: () => ({ method: 'HEAD', path: '/api/workspaces', auth: 'valid' }), checks: { status: T.otherPaths, allow: T.otherPaths } },
  { id: 'methods.options', request: () => ({ method: 'OPTIONS', path: '/api/workspaces', auth: 'valid' }), checks: { status: T.otherPaths, allow: T.otherPaths } },
  { id: 'methods.patch', request: () => ({ method: 'PATCH', path: '/api/applications', auth: 'valid' }), checks: { status: T.otherPaths, allow: T.otherPaths } },
  { id: 'schemas.error-model', request: () => get('/api/schemas/ErrorModel.json', 'none'), checks: { status: T.schemaDocuments, 'content-type': T.schemaDocuments, 'schema-document': T.schemaDocuments } },
  { id: 'schemas.unknown', request: () => get('/api/schemas/Nothing.json', 'none'), checks: { status: T.schemaDocuments } },
  { id: 'openapi.json', request: () => get('/api/openapi.json', 'none'), checks: { status: T.openapi, 'content-type': T.openapi, 'openapi-version': T.openapi, 'component-names': T.componentNames } },
  { id: 'openapi.json-3.0', request: () => get('/api/openapi-3.0.json', 'none'), checks: { status: T.downgrade, 'openapi-version': T.downgrade, 'component-names': T.downgrade } },
]

/** The name of what verify creates, so that it can be recognized (and removed) in the target. */
export const CREATED_NAME = 'workspace-api-mock verify'

const writeProbes: Probe[] = [
  {
    id: 'create.valid',
    operation: 'createWorkspace',
    write: true,
    request: () => json('POST', '/api/workspaces', { name: CREATED_NAME, description: 'created by workspace-api-mock verify --write' }),
    checks: { status: T.create, declared: T.statuses, schema: T.fields, fields: T.fields, 'id-shape': T.workspacePrefix, 'create-defaults': T.create, timestamps: T.timestamps },
    after(body, side) {
      const data = (body as { data?: Record<string, unknown> } | undefined)?.data
      if (data) side.writeTo ??= data
    },
  },
  { id: 'create.invalid-members', operation: 'createWorkspace', write: true, request: () => json('POST', '/api/workspaces', { name: '', extra: 1 }), checks: { status: T.create, 'error-locations': T.create, title: T.errors } },
  { id: 'create.not-an-object', operation: 'createWorkspace', write: true, request: () => json('POST', '/api/workspaces', ['name']), checks: { status: T.create, 'error-locations': T.create } },
  { id: 'transport.no-content-type', operation: 'createWorkspace', write: true, request: () => ({ method: 'POST', path: '/api/workspaces', auth: 'valid', body: new TextEncoder().encode('{"name":"x"}') }), checks: { status: T.transport } },
  { id: 'transport.text-plain', operation: 'createWorkspace', write: true, request: () => ({ method: 'POST', path: '/api/workspaces', auth: 'valid', headers: { 'Content-Type': 'text/plain' }, body: '{"name":"x"}' }), checks: { status: T.transport, title: T.errors, declared: T.statuses } },
  { id: 'transport.empty-body', operation: 'createWorkspace', write: true, request: () => ({ ...json('POST', '/api/workspaces', null), body: '' }), checks: { status: T.transport } },
  { id: 'transport.malformed-json', operation: 'createWorkspace', write: true, request: () => ({ ...json('POST', '/api/workspaces', null), body: '{"name":' }), checks: { status: T.transport, declared: T.statuses } },
  { id: 'transport.too-large', operation: 'createWorkspace', write: true, request: () => json('POST', '/api/workspaces', { name: 'x'.repeat(MAX_BODY_BYTES) }), checks: { status: T.transport, title: T.errors, declared: T.statuses } },
  { id: 'check-order.401-before-415', operation: 'createWorkspace', write: true, request: () => ({ method: 'POST', path: '/api/workspaces', auth: 'none', headers: { 'Content-Type': 'text/plain' }, body: 'x' }), checks: { status: T.checkOrder } },
  { id: 'update.description', operation: 'updateWorkspace', write: true, request: (side) => side.writeTo === undefined ? undefined : json('PUT', `/api/workspaces/${String(side.writeTo.id)}`, { description: 'updated by workspace-api-mock verify --write' }), checks: { status: T.update, 'update-stamps': T.update, declared: T.statuses, schema: T.fields } },
  { id: 'update.domain', operation: 'updateWorkspace', write: true, request: (side) => side.writeTo === undefined ? undefined : json('PUT', `/api/workspaces/${String(side.writeTo.id)}`, { domain: 'x' }), checks: { status: T.update, 'error-locations': T.update } },
  { id: 'update.empty-name', operation: 'updateWorkspace', write: true, request: (side) => side.writeTo === undefined ? undefined : json('PUT', `/api/workspaces/${String(side.writeTo.id)}`, { name: '' }), checks: { status: T.update, 'error-locations': T.update } },
]

/** The probes of a run: read-only ones, then (with `--write`) the writes. */
export function probesOf(write: boolean): Probe[] {
  return write ? [...readProbes, ...writeProbes] : readProbes
}
