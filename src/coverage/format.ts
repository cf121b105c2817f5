/**
 * The coverage document's name and version, and its bound on mocks: apart from its schema (document.ts) so
 * that what writes a document (a browser page's collector among them) carries no schema.
 */

/** What `format` says: this is a coverage document of workspace-api-mock. */
export const COVERAGE_FORMAT = 'workspace-api-mock/coverage'
/** The version of the shape; a reader refuses another (a later kit may read earlier ones). */
export const COVERAGE_VERSION = 1
/** The most mocks a document lists (in scenario and seed order): a suite of random seeds stays bounded. */
export const MAX_MOCKS = 1000
