/**
 * What a store's writes may keep: the records written since its state was loaded, counted in characters of
 * their JSON (the stored version of each; a deleted one counts no more), within a bound. The demo server
 * gives each mock one (the base state, each session: docs/demo-server.md, "Limits and security"); a mock
 * made in a test has none.
 */
import { sizeText } from '../text/size-text.ts'

export interface WriteBounds {
  /** Most characters of JSON the written records may hold together. */
  readonly limit: number
  /** How the bound is named to a client (`--max-write-bytes`). */
  readonly name: string
  /** A bound beyond the store's own (the sessions' data together): throws `WriteBudgetError` when `more` would pass it. */
  admit?(more: number): void
}

/** A write that would pass its store's bound: nothing was written. The API answers it with a 429 problem. */
export class WriteBudgetError extends RangeError {
  constructor(message: string) {
    super(message)
    this.name = 'WriteBudgetError'
  }

  /** The error of a store whose writes would hold `would`, over `bounds`. */
  static over(would: number, bounds: WriteBounds): WriteBudgetError {
    return new WriteBudgetError(
      `this mock's writes would keep ${sizeText(would)} of records, over its bound of ${sizeText(bounds.limit)} (${bounds.name}): ` +
        'delete records, reset it, or load another state',
    )
  }
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
    const bounds = this.bounds
    if (bounds && more > 0) {
      if (this.#total + more > bounds.limit) throw WriteBudgetError.over(this.#total + more, bounds)
      bounds.admit?.(more)
    }
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
