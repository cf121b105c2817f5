import type { WriteBounds } from './write-budget.ts'

/** The records a store's writes keep, by id, and what they hold together. */
export class WrittenRecords {
  readonly #sizes = new Map<string, number>()
  #total = 0
  readonly bounds: WriteBounds

  constructor(bounds: WriteBounds) {
    this.bounds = bounds
  }

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
    if (more > 0) this.bounds.admit(this.#total + more, more)
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
