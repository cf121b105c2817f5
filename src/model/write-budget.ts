/**
 * What a store's writes may keep: the records written since its state was loaded, counted in characters of
 * their JSON (the stored version of each; a deleted one counts no more), within bounds. The demo server
 * gives each mock some (the base state, each session: docs/demo-server.md, "Limits and security"); a mock
 * made in a test has none.
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

/** The records a store's writes keep, by id, and what they hold together. */
export class WrittenRecords {
  readonly #sizes = new Map<string, number>()
  #total = 0
  bounds: WriteBounds | undefined

  /** Characters of JSON the written records hold together. */
  get total(): number {
    return this.#total
  }

  /**
   * Counts `record` as the stored version of `id` (in place of the one counted before), before it is
   * written; throws `WriteBudgetError`, counting nothing, when that passes a bound. Answers the undo, for a
   * write that then fails.
   */
  count(id: string, record: object): () => void {
    const size = JSON.stringify(record).length
    const before = this.#sizes.get(id)
    const more = size - (before ?? 0)
    if (more > 0) this.bounds?.admit(this.#total + more, more)
    this.#set(id, size, more)
    return () => this.#set(id, before, -more)
  }

  /** A record deleted: it counts no more. */
  forget(id: string): void {
    const size = this.#sizes.get(id)
    if (size !== undefined) this.#set(id, undefined, -size)
  }

  /** A new state was loaded: nothing written since. */
  clear(): void {
    this.#sizes.clear()
    this.#total = 0
  }

  #set(id: string, size: number | undefined, more: number): void {
    if (size === undefined) this.#sizes.delete(id)
    else this.#sizes.set(id, size)
    this.#total += more
  }
}
