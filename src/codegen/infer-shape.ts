/**
 * A schema inferred from the values a field took across the records seen: an enum when a string takes few
 * values across many records; string, number, boolean, arrays and objects otherwise (a union when values
 * of several kinds were seen); nullable when null was seen; and the bounds the values show: whole numbers,
 * no negative one, no empty string or list, every string an id of one prefix (`acc_<hex>`). A string
 * field whose values held a credential is a plain string.
 */
import { REDACTED } from '../testkit/journal.ts'
import type { Property, Shape } from './shape.ts'

/** An enum: at most this many values, each seen on average at least ENUM_REPEAT times. */
export const ENUM_MAX_VALUES = 10
export const ENUM_REPEAT = 3
/** Nesting inferred at most; deeper values are `z.unknown()`. */
const MAX_DEPTH = 6
/** Members an inferred object lists at most; more make a `z.record`. */
const MAX_MEMBERS = 50

const kindOf = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)

/** The shape of a field from its values (`undefined` where a record lacks it is left out by the caller). */
export function inferShape(values: readonly unknown[], depth = 0): Shape {
  const present = values.filter((value) => value !== null)
  const nullable = present.length < values.length
  if (present.length === 0) return { kind: 'null' }
  const byKind = new Map<string, unknown[]>()
  for (const value of present) byKind.set(kindOf(value), [...(byKind.get(kindOf(value)) ?? []), value])
  const shapes = [...byKind].map(([kind, of]) => (depth >= MAX_DEPTH ? ({ kind: 'unknown' } as const) : shapeOfKind(kind, of, depth)))
  const shape: Shape = shapes.length === 1 ? shapes[0]! : { kind: 'union', options: shapes }
  return nullable ? { ...shape, nullable: true } : shape
}

function shapeOfKind(kind: string, values: unknown[], depth: number): Shape {
  if (kind === 'string') return stringShape(values as string[])
  if (kind === 'number') {
    const numbers = values as number[]
    const int = numbers.every(Number.isSafeInteger)
    return { kind: 'number', int, ...(numbers.every((n) => n >= 0) && { min: 0 }) }
  }
  if (kind === 'boolean') return { kind: 'boolean' }
  if (kind === 'array') {
    const arrays = values as unknown[][]
    const items = arrays.flat()
    return { kind: 'array', items: items.length === 0 ? { kind: 'unknown' } : inferShape(items, depth + 1), ...(arrays.every((a) => a.length > 0) && { min: 1 }) }
  }
  if (kind === 'object') return objectShape(values as Array<Record<string, unknown>>, depth)
  return { kind: 'unknown' }
}

function stringShape(values: readonly string[]): Shape {
  const distinct = [...new Set(values)].sort()
  // A credential the service echoed was taken out (findings.ts): its values are not the service's own.
  if (values.some((value) => value.includes(REDACTED))) return { kind: 'string' }
  if (distinct.length <= ENUM_MAX_VALUES && distinct.length * ENUM_REPEAT <= values.length) return { kind: 'enum', values: distinct }
  const prefix = /^([a-z]+)_[0-9a-f]+$/.exec(values[0]!)?.[1]
  const ids = prefix !== undefined && values.every((value) => value.startsWith(`${prefix}_`) && /^[a-z]+_[0-9a-f]+$/.test(value))
  return { kind: 'string', ...(values.every((value) => value !== '') && { min: 1 }), ...(ids && { pattern: `^${prefix}_[0-9a-f]+$` }) }
}

function objectShape(objects: ReadonlyArray<Record<string, unknown>>, depth: number): Shape {
  const names = [...new Set(objects.flatMap((object) => Object.keys(object)))]
  if (names.length > MAX_MEMBERS) return { kind: 'record', values: { kind: 'unknown' } }
  const properties: Property[] = names.map((name) => {
    const values = objects.filter((object) => Object.hasOwn(object, name)).map((object) => object[name])
    return { name, shape: inferShape(values, depth + 1), optional: values.length < objects.length }
  })
  return { kind: 'object', properties }
}
