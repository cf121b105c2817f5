/** Computes a value once per key and keeps it (for documents and images that depend on the key only). */
export function memoByKey<K, V>(compute: (key: K) => V): (key: K) => V {
  const values = new Map<K, V>()
  return (key) => {
    if (!values.has(key)) values.set(key, compute(key))
    return values.get(key)!
  }
}
