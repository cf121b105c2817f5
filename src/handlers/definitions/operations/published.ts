import type { Operation } from '../../operation.ts'
import { getApplication, listApplications } from './applications.ts'
import { createWorkspace, getWorkspace, listWorkspaces, updateWorkspace } from './workspaces.ts'

/**
 * The operations of the API, which the OpenAPI document publishes, in routing order. The routing table
 * (src/handlers/routing/route-patterns.ts) adds the kit's own routes to them, the documents' among them: the document
 * generator reads this list, not that table, which would lead back to itself.
 */
export const publishedOperations: readonly Operation[] = [
  listWorkspaces,
  createWorkspace,
  getWorkspace,
  updateWorkspace,
  listApplications,
  getApplication,
]
