/** Freezes a record and everything in it (records are replaced, never edited: see store.ts). */
export function deepFreeze(value: unknown): void {
  // Stryker disable next-line ConditionalExpression: same-value
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return
  for (const member of Object.values(value)) deepFreeze(member)
  Object.freeze(value)
}
