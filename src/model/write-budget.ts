/**
 * What a store's writes may keep: the records written since its state was loaded, counted in characters of
 * their JSON (the stored version of each; a deleted one counts no more), within bounds (written-records.ts
 * counts them). The demo server gives each mock some (the base state, each session: docs/demo-server.md,
 * "Limits and security"); a mock made in a test or a page has none, and counts nothing.
 */

/** The bounds of a store's writes (the demo server's: its messages name its flags). */
export interface WriteBounds {
  /** Throws `WriteBudgetError` when the written records would hold `total` characters, `more` of them new. */
  admit(total: number, more: number): void
}

/** A write that would pass a bound of its store: nothing was written. The API answers it with a 429 problem. */
export class WriteBudgetError extends RangeError {
  override name = 'WriteBudgetError'
}
