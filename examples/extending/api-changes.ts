import { defineOperation, z, type RecordFields } from 'workspace-api-mock'

/** The service deletes workspaces now: 204, and their applications go with them. */
export const deleteWorkspace = defineOperation({
  name: 'deleteWorkspace',
  method: 'DELETE',
  path: '/api/workspaces/{workspaceId}',
  params: { workspaceId: z.string().min(1).max(36) },
  statuses: [404],
  run: ({ params, workspaces }) => workspaces.delete(workspaces.get(params.workspaceId)),
})

/** Its applications carry a status now. */
export const fields = {
  application: {
    status: {
      schema: z.enum(['active', 'paused']),
      build: ({ faker }) => faker.helpers.arrayElement(['active', 'paused']),
      writable: true,
    },
  },
} satisfies RecordFields

export default [deleteWorkspace] as const
