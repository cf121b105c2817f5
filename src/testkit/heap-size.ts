/**
 * About how many bytes of heap a value takes: what the journal counts of what an entry keeps beyond the
 * bytes it was sent as (a validation problem's value, a body parsed for a reader). An estimate of V8's
 * layout on a 64-bit heap, walked without recursion (a value nested 100,000 levels is counted, not a stack
 * overflow) and each object once (a value that refers to itself ends).
 */

const STRING = 16
const NUMBER = 16
const OBJECT = 32
/** A member: its slot and its key's entry (keys of unknown members are strings of their own). */
const MEMBER = 24
const ARRAY = 32
const ELEMENT = 8

export function heapSize(value: unknown): number {
  let bytes = 0
  const seen = new WeakSet<object>()
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') bytes += STRING + next.length
    else if (typeof next === 'number' || typeof next === 'bigint') bytes += NUMBER
    else if (next !== null && typeof next === 'object' && !seen.has(next)) {
      seen.add(next)
      if (Array.isArray(next)) {
        bytes += ARRAY + ELEMENT * next.length
        for (const item of next) pending.push(item)
      } else {
        bytes += OBJECT
        for (const key in next) {
          bytes += MEMBER + key.length
          pending.push((next as Record<string, unknown>)[key])
        }
      }
    }
  }
  return bytes
}
