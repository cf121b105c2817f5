/**
 * The probes `--write` adds: one workspace created and its description updated (or that of the workspace
 * `--workspace-id` names), then bodies that change nothing (422, and the transport's 400, 413 and 415).
 */
import { MAX_BODY_BYTES } from '../handlers/limits.ts'
import type { RequestSpec } from './client.ts'
import { problem, sendJson, TOPIC as T, type Checks, type Probe, type ProbeContext } from './probe-kit.ts'

/** The name of what verify creates, so that it can be recognized (and removed) in the target. */
export const CREATED_NAME = 'workspace-api-mock verify'

const post = (body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>, auth: RequestSpec['auth'] = 'valid'): RequestSpec => ({
  method: 'POST',
  path: '/api/workspaces',
  auth,
  headers,
  body,
})

/** A create that the service refuses. */
const refusedCreate = (id: string, request: () => RequestSpec, checks: Checks): Probe => ({ id, operation: 'createWorkspace', write: true, request, checks })

/** An update of the workspace the run writes to. */
const update = (id: string, value: unknown, checks: Checks): Probe => ({
  id,
  operation: 'updateWorkspace',
  write: true,
  request: (side: ProbeContext) => (side.writeTo === undefined ? undefined : sendJson('PUT', `/api/workspaces/${String(side.writeTo.id)}`, value)),
  checks,
})

export const writeProbes: readonly Probe[] = [
  {
    id: 'create.valid',
    operation: 'createWorkspace',
    write: true,
    request: () => sendJson('POST', '/api/workspaces', { name: CREATED_NAME, description: 'created by workspace-api-mock verify --write' }),
    checks: {
      status: T.create,
      declared: T.statuses,
      schema: T.fields,
      fields: T.fields,
      'id-shape': T.workspacePrefix,
      'create-defaults': T.create,
      timestamps: T.timestamps,
    },
    after(body, side) {
      const data = (body as { data?: Record<string, unknown> } | undefined)?.data
      if (data) side.writeTo ??= data
    },
  },
  refusedCreate('create.invalid-members', () => sendJson('POST', '/api/workspaces', { name: '', extra: 1 }), { status: T.create, 'error-locations': T.create, title: T.errors }),
  refusedCreate('create.not-an-object', () => sendJson('POST', '/api/workspaces', ['name']), { status: T.create, 'error-locations': T.create }),
  refusedCreate('transport.no-content-type', () => post(new TextEncoder().encode('{"name":"x"}'), {}), { status: T.transport }),
  refusedCreate('transport.text-plain', () => post('{"name":"x"}', { 'Content-Type': 'text/plain' }), problem(T.transport)),
  refusedCreate('transport.empty-body', () => post('', { 'Content-Type': 'application/json' }), { status: T.transport }),
  refusedCreate('transport.malformed-json', () => post('{"name":', { 'Content-Type': 'application/json' }), { status: T.transport, declared: T.statuses }),
  refusedCreate('transport.too-large', () => sendJson('POST', '/api/workspaces', { name: 'x'.repeat(MAX_BODY_BYTES) }), problem(T.transport)),
  refusedCreate('check-order.401-before-415', () => post('x', { 'Content-Type': 'text/plain' }, 'none'), { status: T.checkOrder }),
  update('update.description', { description: 'updated by workspace-api-mock verify --write' }, {
    status: T.update,
    'update-stamps': T.update,
    declared: T.statuses,
    schema: T.fields,
  }),
  update('update.domain', { domain: 'x' }, { status: T.update, 'error-locations': T.update }),
  update('update.empty-name', { name: '' }, { status: T.update, 'error-locations': T.update }),
]
