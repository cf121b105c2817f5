/** The read-only probes: what verify sends by default. */
import { MAX_URL_LENGTH } from '../handlers/limits.ts'
import type { ResolvedProfile } from '../handlers/profile.ts'
import { MAX_ID_LENGTH } from '../model/ids.ts'
import { get, inWorkspace, problem, TOPIC as T, UNKNOWN_WORKSPACE, type Checks, type Probe } from './probe-kit.ts'

const TOO_LONG_ID = `wse_${'0'.repeat(MAX_ID_LENGTH - 3)}`

const authProbes: Probe[] = [
  {
    id: 'auth.no-credentials',
    operation: 'listWorkspaces',
    request: () => get('/api/workspaces', 'none'),
    checks: {
      ...problem(T.auth, { 'www-authenticate': T.auth, 'content-type': T.errors, schema: T.errors }),
      link: T.links,
      $schema: T.links,
    },
  },
  { id: 'auth.wrong-secret', operation: 'listWorkspaces', request: () => get('/api/workspaces', 'wrong-secret'), checks: { status: T.auth, 'www-authenticate': T.auth } },
  { id: 'auth.empty-key', operation: 'listWorkspaces', request: () => get('/api/workspaces', 'empty-key'), checks: { status: T.auth } },
]

/** What a list of records shows: its fields, their order, id shapes, timestamps and icons. */
const listChecks = (ids: typeof T.ids | typeof T.workspacePrefix): Checks => ({
  status: T.statuses,
  declared: T.statuses,
  schema: T.fields,
  fields: T.fields,
  'id-shape': ids,
  order: T.order,
  timestamps: T.timestamps,
  icons: T.icons,
})

const workspaceProbes: Probe[] = [
  {
    id: 'workspaces.list',
    operation: 'listWorkspaces',
    request: () => get('/api/workspaces'),
    checks: { ...listChecks(T.workspacePrefix), link: T.links, $schema: T.links },
  },
  {
    id: 'workspaces.get',
    operation: 'getWorkspace',
    request: (side) => (side.workspaceId === undefined ? undefined : get(`/api/workspaces/${side.workspaceId}`)),
    checks: { status: T.statuses, declared: T.statuses, fields: T.fields, 'id-shape': T.workspacePrefix, $schema: T.links },
  },
  { id: 'workspaces.get-unknown', operation: 'getWorkspace', request: () => get(`/api/workspaces/${UNKNOWN_WORKSPACE}`), checks: problem(T.pathIds) },
  { id: 'workspaces.get-other-prefix', operation: 'getWorkspace', request: () => get('/api/workspaces/xyz_123'), checks: { status: T.pathIds } },
  {
    id: 'workspaces.get-id-too-long',
    operation: 'getWorkspace',
    request: () => get(`/api/workspaces/${TOO_LONG_ID}`),
    checks: problem(T.pathIds, { 'error-locations': T.pathIds, 'error-value': T.rejectedValues }),
  },
]

/** A bound of a paging parameter accepted, and one past it refused. */
function boundProbes(key: 'pageSize' | 'currentPage', name: 'page_size' | 'current_page'): Probe[] {
  const probe = (suffix: string, pick: (profile: ResolvedProfile) => number, checks: Checks): Probe => ({
    id: `paging.${name}-${suffix}`,
    operation: 'listApplications',
    request: (side) => inWorkspace(`/api/applications?${name}=${pick(side.profile)}`)(side),
    checks,
  })
  const accepted: Checks = { status: T.paging, paging: T.paging }
  const refused: Checks = { status: T.paging, 'error-locations': T.paging }
  return [
    probe('at-min', (p) => p.paging[key].min, accepted),
    probe('below-min', (p) => p.paging[key].min - 1, refused),
    probe('at-max', (p) => p.paging[key].max, accepted),
    probe('above-max', (p) => p.paging[key].max + 1, { ...refused, title: T.errors }),
  ]
}

function pagingProbes(): Probe[] {
  const list = (id: string, query: string, checks: Checks): Probe => ({
    id: `paging.${id}`,
    operation: 'listApplications',
    request: inWorkspace(`/api/applications${query}`),
    checks,
  })
  const refused = (more: Checks = {}): Checks => ({ status: T.paging, 'error-locations': T.paging, ...more })
  const accepted: Checks = { status: T.paging, paging: T.paging }
  return [
    list('defaults', '', { ...listChecks(T.ids), paging: T.paging }),
    ...boundProbes('pageSize', 'page_size'),
    ...boundProbes('currentPage', 'current_page'),
    list('page_size-not-an-integer', '?page_size=abc', refused({ 'error-value': T.rejectedValues, declared: T.statuses, schema: T.errors })),
    list('page_size-decimal', '?page_size=1.5', refused()),
    list('page_size-exponent', '?page_size=1e3', refused()),
    list('page_size-repeated', '?page_size=10&page_size=20', refused({ 'error-value': T.rejectedValues })),
    list('page_size-empty', '?page_size=', accepted),
    list('unknown-parameter', '?sort=name', accepted),
    {
      id: 'paging.past-the-end',
      operation: 'listApplications',
      // The first page past the side's own last one, if the bound lets it be asked for.
      request: (side) => {
        const { pageSize, currentPage } = side.profile.paging
        const page = Math.floor((side.total ?? 0) / pageSize.default) + 2
        if (side.total === undefined || page > currentPage.max) return undefined
        return inWorkspace(`/api/applications?current_page=${page}`)(side)
      },
      checks: { status: T.pastTheEnd, 'past-the-end': T.pastTheEnd },
    },
  ]
}

const workspaceHeaderProbes: Probe[] = [
  { id: 'workspace-header.missing', operation: 'listApplications', request: () => get('/api/applications'), checks: { status: T.workspaceHeader, 'error-locations': T.workspaceHeader } },
  {
    id: 'workspace-header.too-long',
    operation: 'listApplications',
    request: () => get('/api/applications', 'valid', { 'X-Workspace-ID': TOO_LONG_ID }),
    checks: { status: T.workspaceHeader, 'error-locations': T.workspaceHeader },
  },
  {
    id: 'workspace-header.unknown',
    operation: 'listApplications',
    request: () => get('/api/applications', 'valid', { 'X-Workspace-ID': UNKNOWN_WORKSPACE }),
    checks: problem(T.workspaceHeader),
  },
  {
    id: 'rejected-value.long-string',
    operation: 'listApplications',
    request: () => get('/api/applications', 'valid', { 'X-Workspace-ID': 'x'.repeat(300) }),
    checks: { 'error-value': T.rejectedValues },
  },
]

const applicationProbes: Probe[] = [
  {
    id: 'applications.get',
    operation: 'getApplication',
    request: (side) => (side.applicationId === undefined ? undefined : inWorkspace(`/api/applications/${side.applicationId}`)(side)),
    checks: { status: T.statuses, declared: T.statuses, schema: T.fields, fields: T.fields, 'id-shape': T.ids, timestamps: T.timestamps },
  },
  { id: 'applications.get-unknown', operation: 'getApplication', request: inWorkspace(`/api/applications/app_${'0'.repeat(32)}`), checks: problem(T.pathIds) },
  {
    id: 'applications.get-id-too-long',
    operation: 'getApplication',
    request: inWorkspace(`/api/applications/app_${'0'.repeat(MAX_ID_LENGTH - 3)}`),
    checks: { status: T.pathIds, 'error-locations': T.pathIds },
  },
]

const checkOrderProbes: Probe[] = [
  { id: 'check-order.401-before-422', operation: 'listApplications', request: () => get('/api/applications?page_size=abc', 'none'), checks: { status: T.checkOrder } },
  {
    id: 'check-order.422-before-404',
    operation: 'listApplications',
    request: () => get('/api/applications?page_size=abc', 'valid', { 'X-Workspace-ID': UNKNOWN_WORKSPACE }),
    checks: { status: T.checkOrder, 'error-locations': T.checkOrder },
  },
]

const routeProbes: Probe[] = [
  { id: 'urls.over-long', operation: 'listWorkspaces', request: () => get(`/api/workspaces?q=${'a'.repeat(MAX_URL_LENGTH)}`), checks: problem(T.overlongUrls) },
  { id: 'paths.unknown', request: () => get('/api/nothing-here'), checks: { status: T.otherPaths, title: T.errors, 'content-type': T.errors } },
  {
    // An id that names nothing: a service that has this DELETE (the spec does not show one) deletes nothing.
    id: 'methods.delete',
    request: () => ({ method: 'DELETE', path: `/api/workspaces/${UNKNOWN_WORKSPACE}`, auth: 'valid' }),
    checks: { status: T.otherPaths, allow: T.otherPaths },
  },
  { id: 'methods.head', request: () => ({ method: 'HEAD', path: '/api/workspaces', auth: 'valid' }), checks: { status: T.otherPaths, allow: T.otherPaths } },
  { id: 'methods.options', request: () => ({ method: 'OPTIONS', path: '/api/workspaces', auth: 'valid' }), checks: { status: T.otherPaths, allow: T.otherPaths } },
  { id: 'methods.patch', request: () => ({ method: 'PATCH', path: '/api/applications', auth: 'valid' }), checks: { status: T.otherPaths, allow: T.otherPaths } },
]

const documentProbes: Probe[] = [
  {
    id: 'schemas.error-model',
    request: () => get('/api/schemas/ErrorModel.json', 'none'),
    checks: { status: T.schemaDocuments, 'content-type': T.schemaDocuments, 'schema-document': T.schemaDocuments },
  },
  { id: 'schemas.unknown', request: () => get('/api/schemas/Nothing.json', 'none'), checks: { status: T.schemaDocuments } },
  {
    id: 'openapi.json',
    request: () => get('/api/openapi.json', 'none'),
    checks: { status: T.openapi, 'content-type': T.openapi, 'openapi-version': T.openapi, 'component-names': T.componentNames },
  },
  {
    id: 'openapi.json-3.0',
    request: () => get('/api/openapi-3.0.json', 'none'),
    checks: { status: T.downgrade, 'openapi-version': T.downgrade, 'component-names': T.downgrade },
  },
]

export const readProbes: readonly Probe[] = [
  ...authProbes,
  ...workspaceProbes,
  ...pagingProbes(),
  ...workspaceHeaderProbes,
  ...applicationProbes,
  ...checkOrderProbes,
  ...routeProbes,
  ...documentProbes,
]
