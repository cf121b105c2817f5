/**
 * Computes a value once per key and keeps it (documents, images, per-origin helpers). With `limit`, the
 * cache starts over once it holds that many keys, so keys a client chooses cannot grow it without bound.
 */
export function memoByKey<K, V>(compute: (key: K) => V, options: { limit?: number } = {}): (key: K) => V {
  const values = new Map<K, V>()
  const limit = options.limit ?? Infinity
  return (key) => {
    let value = values.get(key)
    // Stryker disable next-line ConditionalExpression,LogicalOperator: cache
    if (value === undefined && !values.has(key)) {
      // Stryker disable next-line all: cache
      if (values.size >= limit) values.clear()
      value = compute(key)
      values.set(key, value)
    }
    return value as V
  }
}

/** Computes a value on the first call; later calls get the same value (a request body is read once). */
export function once<T>(compute: () => T): () => T {
  let done = false
  let value: T
  return () => {
    if (!done) {
      value = compute()
      done = true
    }
    return value
  }
}
