/** The list order of the API: `created` ascending, then `id`. */
export function compareByCreatedThenId(
  a: { created: number; id: string },
  b: { created: number; id: string },
): number {
  if (a.created !== b.created) return a.created - b.created
  // Stryker disable next-line EqualityOperator,ConditionalExpression: same-value
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** Inserts `item` into an array already sorted by `compare`, keeping it sorted (binary search). */
export function insertSorted<T>(items: T[], item: T, compare: (a: T, b: T) => number): void {
  let low = 0
  let high = items.length
  while (low < high) {
    const middle = (low + high) >>> 1
    // Stryker disable next-line EqualityOperator: same-value
    if (compare(items[middle]!, item) <= 0) low = middle + 1
    else high = middle
  }
  items.splice(low, 0, item)
}
