/** The list order of the API: `created` ascending, then `id`. */
export function compareByCreatedThenId(
  a: { created: number; id: string },
  b: { created: number; id: string },
): number {
  if (a.created !== b.created) return a.created - b.created
  // Stryker disable next-line EqualityOperator,ConditionalExpression: they change the answer only for two records with the same `created` and the same id, which no valid state has (validateState refuses duplicate ids); the order of such duplicates written through api.db is not specified
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** Inserts `item` into an array already sorted by `compare`, keeping it sorted (binary search). */
export function insertSorted<T>(items: T[], item: T, compare: (a: T, b: T) => number): void {
  let low = 0
  let high = items.length
  while (low < high) {
    const middle = (low + high) >>> 1
    // Stryker disable next-line EqualityOperator: the only caller inserts a workspace whose id was minted unused, so `compare` never answers 0
    if (compare(items[middle]!, item) <= 0) low = middle + 1
    else high = middle
  }
  items.splice(low, 0, item)
}
