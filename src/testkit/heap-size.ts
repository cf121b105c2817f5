/**
 * About how many bytes of heap a JSON-like value takes: what the journal counts of what an entry keeps
 * beyond the bytes it was sent as (a validation problem's value, a body parsed for a reader). An estimate of
 * V8's layout on a 64-bit heap (a string or a number 16 bytes and its characters, an array 32 and 8 an
 * item, an object 32 and 24 a member with its key's characters), walked without recursion (a value nested
 * 100,000 levels is counted, not a stack overflow). What the journal keeps is made of JSON, and of problem
 * values the kit has cut to a size JSON can hold (handlers/validation.ts), so nothing refers to itself.
 */
export function heapSize(value: unknown): number {
  let bytes = 0
  const pending = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') bytes += 16 + next.length
    else if (typeof next === 'number') bytes += 16
    else if (Array.isArray(next)) {
      bytes += 32 + 8 * next.length
      for (const item of next) pending.push(item)
    } else if (next !== null && typeof next === 'object') {
      bytes += 32
      for (const key in next) {
        bytes += 24 + key.length
        pending.push((next as Record<string, unknown>)[key])
      }
    }
  }
  return bytes
}
