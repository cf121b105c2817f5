/** What tells an evidence file apart, and the version of its shape (shape.ts); apart, so that the reader needs no zod. */
export const EVIDENCE_FORMAT = 'workspace-api-mock evidence'
/** A file of another version is refused with both numbers named. */
export const EVIDENCE_VERSION = 1
