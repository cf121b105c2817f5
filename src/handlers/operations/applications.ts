import type { Account, Workspace } from '../../model/schemas.ts'
import { defineOperation, principalOf, type OperationInput } from '../operation.ts'
import {
  APPLICATION_ID,
  headerIdentifier,
  PAGING_PARAMETERS,
  pagingQuery,
  pathIdentifier,
  WORKSPACE_HEADER,
} from '../parameters.ts'
import { Problem } from '../problem.ts'
import { cachedEnvelope } from '../reply-cache.ts'
import { assertValid } from '../validation.ts'
import { visibleWorkspace } from './workspaces.ts'

/** The workspace named by X-Workspace-ID, once every other input of the request has been validated. */
function scopedWorkspace(input: OperationInput, headerValue: string, principal: Account): Workspace {
  assertValid(input.errors)
  const workspace = visibleWorkspace(input.mock, headerValue, principal)
  input.trace.read('workspaces', workspace)
  return workspace
}

export const listApplications = defineOperation({
  name: 'listApplications',
  method: 'GET',
  path: '/api/applications',
  response: { schema: 'PagingResponseListApplicationBody', shape: 'page' },
  contract: {
    parameters: [WORKSPACE_HEADER, ...PAGING_PARAMETERS],
    statuses: [404],
  },
  run(input) {
    const principal = principalOf(input)
    const scope = headerIdentifier(input.request, WORKSPACE_HEADER, input.errors)
    const { currentPage, pageSize } = pagingQuery(input.url, input.errors, input.mock.profile.paging)
    const workspace = scopedWorkspace(input, scope, principal)
    const all = input.mock.store.indexes.applicationsOf(workspace.id)
    const start = (currentPage - 1) * pageSize
    if (start >= all.length && currentPage > 1) {
      input.trace.knob('pastTheEnd')
      if (input.mock.profile.pastTheEnd === 'not-found') {
        throw new Problem(404, `page ${currentPage} is past the last page (${all.length} applications)`)
      }
    }
    const records = all.slice(start, start + pageSize)
    input.trace.read('applications', records)
    return cachedEnvelope.page('PagingResponseListApplicationBody', input.target, records, input.mock.serialize.application, {
      currentPage,
      pageSize,
      total: all.length,
    })
  },
})

export const getApplication = defineOperation({
  name: 'getApplication',
  method: 'GET',
  path: '/api/applications/:applicationId',
  response: { schema: 'SuccessResponseApplicationBody', shape: 'item' },
  contract: {
    parameters: [APPLICATION_ID, WORKSPACE_HEADER],
    statuses: [404],
  },
  run(input) {
    const principal = principalOf(input)
    const id = pathIdentifier(input.params, APPLICATION_ID, input.errors)
    const scope = headerIdentifier(input.request, WORKSPACE_HEADER, input.errors)
    const workspace = scopedWorkspace(input, scope, principal)
    const application = input.mock.store.indexes.application(id)
    if (!application || application.workspace !== workspace.id) {
      const reason = application ? 'outside-workspace' : 'not-found'
      throw new Problem(404, `application ${id} not found in workspace ${scope}`).because({
        kind: 'lookup',
        collection: 'applications',
        id,
        reason,
        workspace: scope,
      })
    }
    input.trace.read('applications', application)
    return cachedEnvelope.item(
      'SuccessResponseApplicationBody',
      input.target,
      input.mock.serialize.application(application),
    )
  },
})
