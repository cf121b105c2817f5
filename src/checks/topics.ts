/**
 * The topics of docs/spec-decisions.md that checks observe, by their exact headings: each check of verify's
 * report, and each drift entry, names the one it belongs to.
 */
export const TOPIC = {
  errors: 'Error bodies',
  links: '`$schema` and `Link`',
  schemaDocuments: 'Schema documents',
  auth: 'Authentication',
  workspaceHeader: '`X-Workspace-ID`',
  pathIds: 'Path identifiers',
  paging: 'Paging names and defaults',
  pastTheEnd: 'Page past the end',
  order: 'List order',
  create: 'Create workspace body',
  update: 'Update workspace body',
  transport: 'Body transport errors',
  overlongUrls: 'Over-long URLs',
  rejectedValues: 'Rejected values in errors',
  checkOrder: 'Order of checks',
  fields: 'Record fields',
  ids: 'Identifiers',
  workspacePrefix: 'Workspace id prefix',
  timestamps: 'Timestamps',
  icons: 'Icons',
  otherPaths: 'Other paths and methods',
  openapi: 'OpenAPI documents',
  componentNames: 'OpenAPI component names',
  downgrade: 'The 3.0 downgrade',
  statuses: 'Statuses per operation',
} as const

export type Topic = (typeof TOPIC)[keyof typeof TOPIC]
