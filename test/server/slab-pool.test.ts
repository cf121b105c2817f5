/**
 * The pool of reusable buffers the demo server joins reply chunks in (src/server/http/slab-pool.ts): sizes in
 * powers of two from 4 KiB, a slab given back is handed out again for a body that fits, the latest given
 * back first, and at most `keep` idle slabs are kept.
 */
import { describe, expect, test } from 'vitest'
import { MAX_POOLED_SLAB, SlabPool } from '../../src/server/http/slab-pool.ts'

describe('SlabPool', () => {
  test('new slabs are at least 4 KiB, rounded up to a power of two', () => {
    const pool = new SlabPool()
    expect(pool.take(1).length).toBe(4096)
    expect(pool.take(4096).length).toBe(4096)
    expect(pool.take(4097).length).toBe(8192)
    expect(pool.take(100_000).length).toBe(131_072)
    expect(pool.take(MAX_POOLED_SLAB).length).toBe(1024 * 1024)
    expect(MAX_POOLED_SLAB).toBe(1024 * 1024)
  })

  test('a slab given back is taken again for a body that fits, once', () => {
    const pool = new SlabPool()
    const slab = pool.take(5000)
    pool.give(slab)
    expect(pool.take(8192)).toBe(slab)
    expect(pool.take(8192)).not.toBe(slab)
    pool.give(slab)
    expect(pool.take(100)).toBe(slab)
  })

  test('a slab too small for the body stays in the pool', () => {
    const pool = new SlabPool()
    const small = pool.take(10)
    pool.give(small)
    const big = pool.take(5000)
    expect(big).not.toBe(small)
    expect(big.length).toBe(8192)
    expect(pool.take(4096)).toBe(small)
  })

  test('the latest slab given back that fits comes first', () => {
    const pool = new SlabPool()
    const big = pool.take(8192)
    const small = pool.take(4096)
    const other = pool.take(4096)
    pool.give(big)
    pool.give(small)
    pool.give(other)
    expect(pool.take(4000)).toBe(other)
    expect(pool.take(5000)).toBe(big)
    expect(pool.take(4000)).toBe(small)
    expect(pool.take(4000)).not.toBe(small)
  })

  test('at most `keep` idle slabs are kept (32 by default)', () => {
    const one = new SlabPool(1)
    const first = one.take(1)
    const second = one.take(1)
    one.give(first)
    one.give(second)
    expect(one.take(1)).toBe(first)
    expect(one.take(1)).not.toBe(second)

    const pool = new SlabPool()
    const slabs = Array.from({ length: 33 }, () => pool.take(1))
    for (const slab of slabs) pool.give(slab)
    const again = Array.from({ length: 33 }, () => pool.take(1))
    expect(again.slice(0, 32)).toEqual(slabs.slice(0, 32).reverse())
    for (let i = 0; i < 32; i++) expect(again[i]).toBe(slabs[31 - i])
    expect(slabs).not.toContain(again[32])
  })
})
