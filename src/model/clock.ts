/**
 * A timestamp source for writes: never earlier than the data it starts from, and strictly increasing,
 * so that an update always moves `updated` forward even within one millisecond.
 */
export function createWriteClock(now: () => number, floor: number) {
  let last = floor
  return {
    next(): number {
      last = Math.max(Math.trunc(now()), last + 1)
      return last
    },
  }
}
