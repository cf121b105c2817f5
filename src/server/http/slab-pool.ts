/**
 * Reusable buffers for joining a reply's chunks into one write. A fresh buffer per response would be
 * external memory that V8 answers with full collections, and with 100,000 records loaded those are what
 * dominates a 130 KB page; writing 100 separate chunks costs more than copying them into a buffer that is
 * already there. A slab goes back to the pool only once its write has finished.
 */
/** Largest body joined in a pooled slab (1 MiB); bigger ones are written chunk by chunk. */
export const MAX_POOLED_SLAB = 1024 * 1024

export class SlabPool {
  readonly #free: Buffer[] = []
  readonly #keep: number

  /** `keep`: most idle slabs kept (about the number of responses in flight at once). */
  constructor(keep = 32) {
    this.#keep = keep
  }

  /** A buffer of at least `size` bytes (its contents are whatever was there). */
  take(size: number): Buffer {
    for (let index = this.#free.length - 1; index >= 0; index--) {
      const slab = this.#free[index]!
      if (slab.length >= size) {
        this.#free.splice(index, 1)
        return slab
      }
    }
    // Sizes rounded up to powers of two, so that slabs fit the next similar response.
    return Buffer.allocUnsafeSlow(2 ** Math.ceil(Math.log2(Math.max(size, 4096))))
  }

  /** Gives a slab back once nothing reads it any more. */
  give(slab: Buffer): void {
    if (this.#free.length < this.#keep) this.#free.push(slab)
  }
}
