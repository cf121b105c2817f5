/**
 * The bounds of faults, a module without imports: the command line checks its fault flags against them
 * without loading the kit.
 */

/** Most faults one mock holds: a test registers a few; each request is checked against those of its operation. */
export const MAX_FAULTS = 100
/** Longest latency a fault may add: two minutes, longer than any client's timeout a test would wait for. */
export const MAX_LATENCY_MS = 120_000
/** Longest `detail` of a fault's problem: a sentence or a paragraph, as a problem carries. */
export const MAX_FAULT_DETAIL = 4096
/** Longest `Retry-After` of a rate limit: an hour. */
export const MAX_RETRY_AFTER_S = 3600
/** Longest target of a fault given as JSON: the longest operation route (`PUT /api/workspaces/{workspaceId}`) with room to spare. */
export const MAX_TARGET_LENGTH = 200
