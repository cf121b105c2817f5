/** JSON nested through `a` members, and how deep a parsed value goes: for the journal's nesting limit. */

/** `{"a":{"a":...inner...}}`, `levels` deep (`inner` is the innermost value, `1` unless given). */
export const deep = (levels: number, inner = '1') => `${'{"a":'.repeat(levels)}${inner}${'}'.repeat(levels)}`

/** How deep `value` nests `a` members, and what is at the bottom. */
export function bottom(value: unknown): { levels: number; at: unknown } {
  let levels = 0
  let at = value
  while (typeof at === 'object' && at !== null) {
    at = (at as { a: unknown }).a
    levels++
  }
  return { levels, at }
}
