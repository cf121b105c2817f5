import {
  createWorkspaceBodySchema,
  updateWorkspaceBodySchema,
  type Account,
  type Workspace,
} from '../../model/schemas.ts'
import type { MockContext } from '../context.ts'
import type { Reply } from '../reply.ts'
import { defineOperation, principalOf, type OperationInput } from '../operation.ts'
import { pathIdentifier, WORKSPACE_ID } from '../parameters.ts'
import { Problem } from '../problem.ts'
import { cachedEnvelope } from '../reply-cache.ts'
import { readJsonBody } from '../request-body.ts'
import { assertValid } from '../validation.ts'

/** The workspace `id` names if the principal's organization owns it; otherwise 404, whichever the reason. */
export function visibleWorkspace(mock: MockContext, id: string, principal: Account): Workspace {
  const workspace = mock.store.indexes.workspace(mock.workspaceKey(id))
  if (!workspace || workspace.organization !== principal.organization) {
    const reason = workspace ? 'other-organization' : 'not-found'
    throw new Problem(404, `workspace ${id} not found`).because({ kind: 'lookup', collection: 'workspaces', id, reason })
  }
  return workspace
}

/** The single-workspace envelope, shared by get, create and update. */
function workspaceItem(input: OperationInput, workspace: Workspace): Reply {
  input.trace.read('workspaces', workspace)
  return cachedEnvelope.item('SuccessResponseWorkspaceBody', input.target, input.mock.serialize.workspace(workspace))
}

export const listWorkspaces = defineOperation({
  name: 'listWorkspaces',
  method: 'GET',
  path: '/api/workspaces',
  response: { schema: 'SuccessResponseListWorkspaceBody', shape: 'list' },
  contract: {
    parameters: [],
    statuses: [],
  },
  run(input) {
    const { mock } = input
    const records = mock.store.indexes.workspacesOf(principalOf(input).organization)
    input.trace.read('workspaces', records)
    return cachedEnvelope.list('SuccessResponseListWorkspaceBody', input.target, records, mock.serialize.workspace)
  },
})

export const getWorkspace = defineOperation({
  name: 'getWorkspace',
  method: 'GET',
  path: '/api/workspaces/:workspaceId',
  response: { schema: 'SuccessResponseWorkspaceBody', shape: 'item' },
  contract: {
    parameters: [WORKSPACE_ID],
    statuses: [404],
  },
  run(input) {
    const id = pathIdentifier(input.params, WORKSPACE_ID, input.errors)
    assertValid(input.errors)
    const workspace = visibleWorkspace(input.mock, id, principalOf(input))
    return workspaceItem(input, workspace)
  },
})

export const createWorkspace = defineOperation({
  name: 'createWorkspace',
  method: 'POST',
  path: '/api/workspaces',
  response: { schema: 'SuccessResponseWorkspaceBody', shape: 'item' },
  contract: {
    parameters: [],
    body: createWorkspaceBodySchema,
    statuses: [],
  },
  async run(input) {
    const body = await readJsonBody(input.request, createWorkspaceBodySchema, input.errors)
    assertValid(input.errors)
    const workspace = await input.mock.store.createWorkspace(
      { name: body!.name, description: body!.description ?? '', domain: body!.domain ?? '' },
      principalOf(input),
    )
    input.trace.wrote('workspaces', workspace)
    return workspaceItem(input, workspace)
  },
})

export const updateWorkspace = defineOperation({
  name: 'updateWorkspace',
  method: 'PUT',
  path: '/api/workspaces/:workspaceId',
  response: { schema: 'SuccessResponseWorkspaceBody', shape: 'item' },
  contract: {
    parameters: [WORKSPACE_ID],
    body: updateWorkspaceBodySchema,
    statuses: [404],
  },
  async run(input) {
    const id = pathIdentifier(input.params, WORKSPACE_ID, input.errors)
    const body = await readJsonBody(input.request, updateWorkspaceBodySchema, input.errors)
    assertValid(input.errors)
    const principal = principalOf(input)
    const current = visibleWorkspace(input.mock, id, principal)
    const workspace = await input.mock.store.updateWorkspace(current, body!, principal)
    input.trace.wrote('workspaces', workspace)
    return workspaceItem(input, workspace)
  },
})
