/**
 * The four operations the spec leaves unshown, as presets you opt into (`createMockApi({ operations:
 * unshownOperations })`): written with `defineOperation` alone, as an operation of your own would be. What
 * each does is an assumption about a Huma service of this shape, a row of the README's decisions table:
 * deletes answer 204 without a body; a deleted workspace takes its applications with it; the application
 * bodies follow the workspace bodies' rules (`name` required and non-empty on create, `domain` set on create
 * only, any other member 422).
 */
import { gatewayEntrySchema, groupOrUserEntrySchema, policyEntrySchema } from '../../../model/schemas.ts'
import { z } from '../../../model/zod.ts'
import { defineOperation } from '../define-operation.ts'
import { identifierParameter } from '../parameters.ts'

const name = z.string().check(z.minLength(1))
const text = () => z.optional(z.string())

/** The members of an application a client sets, `name` and `domain` apart. */
const settable = {
  description: text(),
  access_type: text(),
  domain_alias: text(),
  external_domain: text(),
  port: text(),
  port_alias: text(),
  protocol: text(),
  gateways: z.optional(z.array(gatewayEntrySchema)),
  group_or_users: z.optional(z.array(groupOrUserEntrySchema)),
  policies: z.optional(z.array(policyEntrySchema)),
}

/** Request body of POST /api/applications: `name` required; the rest default (decisions row "Create application body"). */
export const createApplicationBodySchema = z.strictObject({ name, domain: text(), ...settable })

/** Request body of PUT /api/applications/{applicationId}: any of the members, no `domain`. */
export const updateApplicationBodySchema = z.strictObject({ name: z.optional(name), ...settable })

/** DELETE /api/workspaces/{workspaceId}: 204; the workspace's applications go with it. */
export const deleteWorkspace = defineOperation({
  name: 'deleteWorkspace',
  method: 'DELETE',
  path: '/api/workspaces/{workspaceId}',
  params: { workspaceId: identifierParameter },
  statuses: [404],
  summary: 'Delete workspace',
  description: "Deletes a workspace of the caller's organization and its applications. Assumed: the spec does not show it.",
  run: ({ params, workspaces }) => workspaces.delete(workspaces.get(params.workspaceId)),
})

/** POST /api/applications: an application in the workspace `X-Workspace-ID` names. */
export const createApplication = defineOperation({
  name: 'createApplication',
  method: 'POST',
  path: '/api/applications',
  scope: 'workspace',
  body: createApplicationBodySchema,
  bodyFields: 'application',
  response: { shape: 'item', record: 'application' },
  summary: 'Create application',
  description: 'Creates an application in the workspace named by `X-Workspace-ID`. `name` is required; see the decisions for the defaults. Assumed: the spec does not show it.',
  run: ({ body, applications }) => applications.create(body),
})

/** PUT /api/applications/{applicationId}: changes the members given; `domain` cannot change. */
export const updateApplication = defineOperation({
  name: 'updateApplication',
  method: 'PUT',
  path: '/api/applications/{applicationId}',
  params: { applicationId: identifierParameter },
  scope: 'workspace',
  body: updateApplicationBodySchema,
  bodyFields: 'application',
  response: { shape: 'item', record: 'application' },
  summary: 'Update application',
  description: 'Changes the members given of an application of the workspace named by `X-Workspace-ID`; `domain` cannot change. Assumed: the spec does not show it.',
  run: ({ params, body, applications }) => applications.update(applications.get(params.applicationId), body),
})

/** DELETE /api/applications/{applicationId}: 204. */
export const deleteApplication = defineOperation({
  name: 'deleteApplication',
  method: 'DELETE',
  path: '/api/applications/{applicationId}',
  params: { applicationId: identifierParameter },
  scope: 'workspace',
  summary: 'Delete application',
  description: 'Deletes an application of the workspace named by `X-Workspace-ID`. Assumed: the spec does not show it.',
  run: ({ params, applications }) => applications.delete(applications.get(params.applicationId)),
})

/** The four, to opt into at once: `createMockApi({ operations: unshownOperations })`. */
export const unshownOperations = [deleteWorkspace, createApplication, updateApplication, deleteApplication] as const
