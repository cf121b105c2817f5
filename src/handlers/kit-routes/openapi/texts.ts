/**
 * The prose of the OpenAPI document: summaries (the spec's headings), descriptions and tags of the
 * operations, and descriptions of their parameters. Kept beside the generator, not in the operation
 * definitions, so that a browser bundle does not carry it; the generator refuses an operation without it.
 */
import type { OperationSpec } from '../../operation-spec.ts'

export interface OperationText {
  summary: string
  description?: string
  tag?: string
}

const OPERATION_TEXTS: Record<string, OperationText> = {
  listWorkspaces: {
    summary: 'List workspaces',
    description: "The workspaces of the caller's organization, ordered by `created`, then `id`.",
    tag: 'Workspaces',
  },
  createWorkspace: {
    summary: 'Create workspace',
    description:
      "Creates a workspace in the caller's organization. `name` is required; `description` and `domain` " +
      'default to `""`. Every problem of the body is listed in one 422.',
    tag: 'Workspaces',
  },
  getWorkspace: {
    summary: 'Get workspace',
    description: "One workspace of the caller's organization.",
    tag: 'Workspaces',
  },
  updateWorkspace: {
    summary: 'Update workspace',
    description:
      'Changes `name` and/or `description`; absent members keep their value, `domain` cannot change. Every ' +
      'accepted update sets `updated` later than before and `modified_by` to the caller.',
    tag: 'Workspaces',
  },
  listApplications: {
    summary: 'List applications',
    description:
      'A page of the applications of the workspace named by `X-Workspace-ID`, ordered by `created`, then `id`. ' +
      'A page past the end is 200 with empty `data` and the correct `total`.',
    tag: 'Applications',
  },
  getApplication: {
    summary: 'Get application',
    description: 'One application of the workspace named by `X-Workspace-ID`; one outside that workspace is 404.',
    tag: 'Applications',
  },
}

/** Descriptions of parameters, by `<in>.<name>`. */
export const PARAMETER_TEXTS: Record<string, string> = {
  'path.workspaceId': "Identifier of the workspace (`wse_` prefix). Another organization's workspace is 404.",
  'path.applicationId': 'Identifier of the application (`app_` prefix), in the workspace named by `X-Workspace-ID`.',
  'header.X-Workspace-ID': "The workspace whose applications are read. Unknown, or another organization's: 404.",
  'query.current_page': 'Current Page (1-based). Past the last page: 200 with empty `data`.',
  'query.page_size': 'Page Size.',
}

/** The tags of the document, in order. */
export const TAGS = [
  { name: 'Workspaces', description: 'Named containers that belong to an organization.' },
  { name: 'Applications', description: 'Entries that belong to a workspace.' },
]

/**
 * The summary, description and tag of an operation: the kit's own words for the spec's six, the
 * definition's for yours. An operation of yours without a summary gets its name in words (`deleteWorkspace`:
 * "Delete workspace"), and a tag by its path when it is under `/api/workspaces` or `/api/applications`.
 */
export function operationText(operation: OperationSpec): OperationText {
  const own = OPERATION_TEXTS[operation.name]
  if (own !== undefined && operation.contract?.texts === undefined) return own
  const texts = operation.contract?.texts ?? {}
  const words = operation.name.replace(/([A-Z])/g, ' $1').toLowerCase()
  const byPath = TAGS.find((tag) => operation.path.startsWith(`/api/${tag.name.toLowerCase()}`))?.name
  return {
    summary: texts.summary ?? `${words[0]!.toUpperCase()}${words.slice(1)}`,
    ...(texts.description !== undefined && { description: texts.description }),
    ...((texts.tag ?? byPath) !== undefined && { tag: texts.tag ?? byPath }),
  }
}
