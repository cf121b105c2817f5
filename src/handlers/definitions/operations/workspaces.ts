import { createWorkspaceBodySchema, updateWorkspaceBodySchema, type Workspace } from '../../../model/schemas.ts'
import { operationOf } from '../definition.ts'
import { identifierParameter } from '../parameters.ts'

/** `{workspaceId}` of the workspace paths (spec 4.2, 4.3). */
const workspaceId = { workspaceId: identifierParameter }

export const listWorkspaces = operationOf({
  name: 'listWorkspaces',
  method: 'GET',
  path: '/api/workspaces',
  response: { shape: 'list', record: 'workspace' },
  run: ({ workspaces }) => workspaces.list(),
})

export const getWorkspace = operationOf({
  name: 'getWorkspace',
  method: 'GET',
  path: '/api/workspaces/{workspaceId}',
  params: workspaceId,
  response: { shape: 'item', record: 'workspace' },
  statuses: [404],
  run: ({ params, workspaces }) => workspaces.get(params.workspaceId as string),
})

export const createWorkspace = operationOf({
  name: 'createWorkspace',
  method: 'POST',
  path: '/api/workspaces',
  body: createWorkspaceBodySchema,
  bodyFields: 'workspace',
  response: { shape: 'item', record: 'workspace' },
  run: ({ body, workspaces }) => workspaces.create(body as Parameters<typeof workspaces.create>[0]),
})

export const updateWorkspace = operationOf({
  name: 'updateWorkspace',
  method: 'PUT',
  path: '/api/workspaces/{workspaceId}',
  params: workspaceId,
  body: updateWorkspaceBodySchema,
  bodyFields: 'workspace',
  response: { shape: 'item', record: 'workspace' },
  statuses: [404],
  run: ({ params, body, workspaces }) => workspaces.update(workspaces.get(params.workspaceId as string), body as Partial<Workspace>),
})
