/**
 * The topics of docs/spec-decisions.md, by their exact headings: verify names the topic each check observes
 * (src/verify/), coverage the topic each outcome of an operation belongs to (src/coverage/). A test holds
 * every one to a heading of the page.
 */
export const TOPIC = {
  errors: 'Error bodies',
  links: '`$schema` and `Link`',
  schemaDocuments: 'Schema documents',
  auth: 'Authentication',
  tenancy: 'Tenant scoping',
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
  rateLimits: 'Rate limits, versioning, events',
  deleteWorkspace: 'Delete workspace (preset)',
  createApplication: 'Create application body (preset)',
  updateApplication: 'Update application body (preset)',
  deleteApplication: 'Delete application (preset)',
  openapi: 'OpenAPI documents',
  componentNames: 'OpenAPI component names',
  downgrade: 'The 3.0 downgrade',
  statuses: 'Statuses per operation',
} as const

export type Topic = (typeof TOPIC)[keyof typeof TOPIC]
