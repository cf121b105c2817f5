/**
 * The console warning for a state that does not fit in Web Storage. Loaded only when that happens, so that
 * the browser bundle does not carry it.
 */

/** Chromium's Web Storage quota: key and value lengths (UTF-16 code units) per origin and area, 5 Mi. */
export const STORAGE_LIMIT = 5 * 1024 * 1024

/**
 * Says what did not fit: the size of the save (key and value, in characters), the limit, and how much of
 * it the area's other keys take (read after the failed save's key was removed).
 */
export function storageFullMessage(storage: Storage, key: string, size: number, error: Error): string {
  let others = 0
  for (let index = 0; index < storage.length; index++) {
    const other = storage.key(index)!
    others += other.length + storage.getItem(other)!.length
  }
  const count = (n: number) => n.toLocaleString('en')
  return (
    `cannot save the state under "${key}" (${error.name}): it takes ${count(size)} characters, and Web Storage holds ` +
    `about ${count(STORAGE_LIMIT)} per origin, of which other keys use ${count(others)}. The mock keeps answering ` +
    'from memory but this page saves no more; the next load starts from the scenario.'
  )
}
