/**
 * What JSON can carry, for the definitions of the user's own: the kit serves every record and schema as
 * JSON (envelopes, states, `snapshot()`, the JSON Schemas and OpenAPI documents), so a field whose values
 * cannot be JSON is refused where it is declared, not found out by a 500 later. zod's JSON Schema generator
 * decides the same of a schema, but it loads on demand (the browser's first answer does not wait for it):
 * this walks the schema's definition for the kinds that generator refuses (test/extending/json.test.ts
 * holds the two to the same answers).
 */
import type { z } from './zod.ts'

/** Schema kinds whose values JSON cannot carry (what `z.toJSONSchema` refuses, as values). */
const NOT_JSON = new Set(['bigint', 'symbol', 'undefined', 'void', 'date', 'map', 'set', 'nan', 'custom', 'function', 'transform', 'promise', 'file'])

type Def = Record<string, unknown> & { type: string }

/** The first kind in a schema (as it outputs values) that JSON cannot carry, such as `bigint`; undefined when none. */
export function notJsonKind(schema: z.core.$ZodType, seen = new Set<object>()): string | undefined {
  if (seen.has(schema)) return undefined
  seen.add(schema)
  const def = schema._zod.def as Def
  if (NOT_JSON.has(def.type)) return def.type
  if (def.type === 'literal' && (def.values as unknown[]).some((value) => value === undefined || typeof value === 'bigint')) return 'literal'
  // A pipe outputs what its second schema does; a lazy schema is its getter's.
  const parts =
    def.type === 'pipe'
      ? [def.out]
      : def.type === 'lazy'
        ? [(def.getter as () => unknown)()]
        : [def.innerType, def.element, def.catchall, def.keyType, def.valueType, def.left, def.right, def.rest, ...((def.options ?? def.items ?? []) as unknown[]), ...Object.values(def.shape ?? {})]
  for (const part of parts) {
    // Absent parts are undefined, or null (a tuple without a rest).
    const kind = part ? notJsonKind(part as z.core.$ZodType, seen) : undefined
    if (kind !== undefined) return kind
  }
  return undefined
}

/**
 * Whether a value is JSON as it is, so that a state of it loads again: null, booleans, finite numbers,
 * strings, arrays and plain objects of them (an object's member may be undefined: JSON leaves it out), no
 * cycle. A function, a symbol, a BigInt, a `Date` or a `Map` is not.
 */
export function isJson(value: unknown, path = new Set<object>()): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value)
  if (typeof value !== 'object' || path.has(value)) return false
  const array = Array.isArray(value)
  const prototype = Object.getPrototypeOf(value)
  if (!array && prototype !== Object.prototype && prototype !== null) return false
  path.add(value)
  const json = Object.values(value).every((item) => (item === undefined && !array) || isJson(item, path))
  path.delete(value)
  return json
}
