import { operationOf } from '../definition.ts'
import { identifierParameter } from '../parameters.ts'

export const listApplications = operationOf({
  name: 'listApplications',
  method: 'GET',
  path: '/api/applications',
  scope: 'workspace',
  response: { shape: 'page', record: 'application' },
  run: ({ applications }) => applications.list(),
})

export const getApplication = operationOf({
  name: 'getApplication',
  method: 'GET',
  path: '/api/applications/{applicationId}',
  params: { applicationId: identifierParameter },
  scope: 'workspace',
  response: { shape: 'item', record: 'application' },
  run: ({ params, applications }) => applications.get(params.applicationId as string),
})
