/**
 * A service that changes while the tests watch it: the demo server behind a proxy whose changes are
 * switched on and off. `delete`: it deletes workspaces (DELETE /api/workspaces/{workspaceId}, 204).
 * `status`: its applications carry a status. `tier`: its workspaces carry a tier, which a PUT sets.
 * `region`: its workspaces carry a region. `documented`: it serves two operations more, and an OpenAPI
 * document that describes them (made by a mock that defines them, as a Huma service's is made from its
 * code). `contact`: its workspaces carry the caller's key and secret, for the tests that prove neither
 * leaves verify.
 */
import type { IncomingMessage } from 'node:http'
import { createMockApi, defineOperation, z } from '../../src/index.ts'
import { bodyOf, forward, headersOf, problem, relay, startProxy, type ProxyAnswer } from './deviant-proxy.ts'

export type Change = 'delete' | 'status' | 'tier' | 'region' | 'documented' | 'contact'

/** The changes the code-writing tests switch on, and what the module written from them adds, in its order. */
export const FOLLOWED_CHANGES: readonly Change[] = ['delete', 'status', 'tier', 'documented', 'contact']
export const FOLLOWED_ADDITIONS = [
  'fields.workspace.tier',
  'fields.workspace.contact',
  'fields.application.status',
  'operation getWorkspaceUsage (GET /api/workspaces/{workspaceId}/usage)',
  'operation listWorkspaceApplications (GET /api/workspaces/{workspaceId}/applications)',
  'operation deleteWorkspace (DELETE /api/workspaces/{workspaceId})',
]

const workspaceId = z.string().min(1).max(36)

/** The operations the documented service adds, as its own code defines them. */
const documented = [
  defineOperation({
    name: 'getWorkspaceUsage',
    method: 'GET',
    path: '/api/workspaces/{workspaceId}/usage',
    summary: 'Usage of a workspace',
    params: { workspaceId },
    statuses: [404],
    response: { shape: 'item', record: { name: 'Usage', schema: z.object({ requests: z.number().int().min(0), period: z.enum(['day', 'week']) }) } },
    run: () => ({ requests: 0, period: 'day' as const }),
  }),
  defineOperation({
    name: 'listWorkspaceApplications',
    method: 'GET',
    path: '/api/workspaces/{workspaceId}/applications',
    params: { workspaceId },
    response: { shape: 'page', record: 'application' },
    run: ({ params, workspaces, applications }) => applications.list(workspaces.get(params.workspaceId)),
  }),
]

/** The documents the documented service serves, by path. */
async function documentsOf(): Promise<Map<string, string>> {
  const api = createMockApi({ scenario: 'empty', operations: documented, baseUrl: 'http://service.invalid' })
  const documents = new Map<string, string>()
  for (const path of ['/api/openapi.json', '/api/openapi-3.0.json']) documents.set(path, await (await api.handle(new Request(`http://service.invalid${path}`)))!.text())
  return documents
}

const parity = (id: unknown) => String(id).charCodeAt(5) % 2 === 0

export interface ChangingService {
  url: string
  changes: Set<Change>
  close(): Promise<void>
}

export async function startChangingService(upstream: string, credentials: { apiKey: string; apiSecret: string }, changes: Iterable<Change>): Promise<ChangingService> {
  const on = new Set(changes)
  const documents = await documentsOf()
  const deleted = new Set<string>()
  const tiers = new Map<string, unknown>()
  const decorate = (path: string, answer: ProxyAnswer): ProxyAnswer => {
    if (!answer.headers['content-type']?.startsWith('application/json')) return answer
    const envelope = JSON.parse(answer.body) as { data?: unknown }
    const records = [envelope.data].flat().filter((record): record is Record<string, unknown> => record !== null && typeof record === 'object')
    const applications = /^\/api\/(applications|workspaces\/[^/]+\/applications)/.test(path)
    for (const record of records) {
      if (applications && on.has('status')) record.status = parity(record.id) ? 'active' : 'paused'
      if (!applications && /^\/api\/workspaces(\/[^/]+)?$/.test(path)) {
        if (on.has('tier')) record.tier = tiers.get(String(record.id)) ?? (parity(record.id) ? 'free' : 'team')
        if (on.has('region')) record.region = parity(record.id) ? 'eu-west-1' : 'us-east-1'
        if (on.has('contact')) record.contact = `${credentials.apiKey}:${credentials.apiSecret}@example.com`
      }
    }
    return { ...answer, body: JSON.stringify(envelope) }
  }
  const answer = async (request: IncomingMessage, origin: string): Promise<ProxyAnswer> => {
    const path = new URL(request.url!, upstream).pathname
    const workspace = /^\/api\/workspaces\/([^/]+)/.exec(path)?.[1]
    if (on.has('documented') && documents.has(path)) return { status: 200, headers: { 'content-type': 'application/openapi+json' }, body: documents.get(path)! }
    if (workspace !== undefined && deleted.has(workspace)) return problem(origin, 404, `workspace ${workspace} not found`)
    if (workspace !== undefined && path === `/api/workspaces/${workspace}`) {
      if (request.method === 'DELETE' && on.has('delete')) return deleteWorkspace(upstream, request, origin, workspace, deleted)
      if (request.method === 'PUT' && on.has('tier')) return decorate(path, await putWithTier(upstream, request, origin, workspace, tiers))
    }
    if (on.has('documented') && request.method === 'GET' && workspace !== undefined) {
      if (path.endsWith('/usage')) return usage(upstream, request, origin, workspace)
      if (path.endsWith('/applications')) return decorate(path, await workspaceApplications(upstream, request, origin, workspace))
    }
    return decorate(path, await forward(upstream, request, origin))
  }
  const proxy = await startProxy(answer)
  return { url: proxy.url, changes: on, close: proxy.close }
}

async function deleteWorkspace(upstream: string, request: IncomingMessage, origin: string, workspace: string, deleted: Set<string>): Promise<ProxyAnswer> {
  const found = await forward(upstream, request, origin, 'GET')
  if (found.status !== 200) return found
  deleted.add(workspace)
  return { status: 204, headers: {}, body: '' }
}

/** A PUT whose `tier` the proxy keeps itself (the demo server refuses the member): the rest goes on. */
async function putWithTier(upstream: string, request: IncomingMessage, origin: string, workspace: string, tiers: Map<string, unknown>): Promise<ProxyAnswer> {
  const headers = headersOf(request)
  const raw = (await bodyOf(request)).toString('utf8')
  let body: Record<string, unknown>
  try {
    body = JSON.parse(raw) as Record<string, unknown>
  } catch {
    return relay(upstream, origin, { method: 'PUT', url: request.url!, headers, body: new TextEncoder().encode(raw) })
  }
  const { tier, ...rest } = body
  const answer = await relay(upstream, origin, Object.keys(rest).length === 0 ? { method: 'GET', url: request.url!, headers } : { method: 'PUT', url: request.url!, headers, body: new TextEncoder().encode(JSON.stringify(rest)) })
  if (answer.status === 200 && tier !== undefined) tiers.set(workspace, tier)
  return answer
}

async function usage(upstream: string, request: IncomingMessage, origin: string, workspace: string): Promise<ProxyAnswer> {
  const found = await relay(upstream, origin, { method: 'GET', url: `/api/workspaces/${workspace}`, headers: headersOf(request) })
  if (found.status !== 200) return found
  const link = '</api/schemas/SuccessResponseUsageBody.json>; rel="describedBy"'
  const body = { $schema: `${origin}/api/schemas/SuccessResponseUsageBody.json`, data: { requests: 1234, period: 'week' }, success: true }
  return { status: 200, headers: { 'content-type': 'application/json', link }, body: JSON.stringify(body) }
}

async function workspaceApplications(upstream: string, request: IncomingMessage, origin: string, workspace: string): Promise<ProxyAnswer> {
  const headers = headersOf(request)
  headers.set('X-Workspace-ID', decodeURIComponent(workspace))
  return relay(upstream, origin, { method: 'GET', url: `/api/applications${new URL(request.url!, upstream).search}`, headers })
}
