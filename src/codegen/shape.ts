/**
 * A schema as the generator knows it, whether inferred from values (infer-field.ts) or read from an OpenAPI
 * document (openapi-shape.ts), and the two things written from it: its zod 4 code (the classic API that
 * `workspace-api-mock` exports as `z`) and a value that fits it.
 */
import { key, listCode, quote, valueCode } from './code-text.ts'

export type Shape = (
  | { kind: 'string'; min?: number; max?: number; pattern?: string }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'number'; int: boolean; min?: number; max?: number }
  | { kind: 'boolean' }
  | { kind: 'null' }
  | { kind: 'array'; items: Shape; min?: number; max?: number }
  | { kind: 'object'; properties: readonly Property[] }
  | { kind: 'record'; values: Shape }
  | { kind: 'union'; options: readonly Shape[] }
  | { kind: 'unknown' }
) & { nullable?: boolean }

export interface Property {
  name: string
  shape: Shape
  optional: boolean
}

/** Where a value arrives: in a JSON body, or as the text of a path, query or header parameter. */
export type Carrier = 'json' | 'text'

const bounds = (min: number | undefined, max: number | undefined) => `${min === undefined ? '' : `.min(${min})`}${max === undefined ? '' : `.max(${max})`}`

/** The zod code of a shape, at `indent` (objects with many members go one a line). */
export function zodCode(shape: Shape, indent = '', carrier: Carrier = 'json'): string {
  const code = baseCode(shape, indent, carrier)
  return shape.nullable && shape.kind !== 'null' && shape.kind !== 'unknown' ? `${code}.nullable()` : code
}

function baseCode(shape: Shape, indent: string, carrier: Carrier): string {
  switch (shape.kind) {
    case 'string':
      return `z.string()${bounds(shape.min, shape.max)}${shape.pattern === undefined ? '' : `.regex(new RegExp(${quote(shape.pattern)}))`}`
    case 'enum':
      return listCode('z.enum([', shape.values.map(quote), '])', indent)
    case 'literal':
      return carrier === 'text' ? `z.literal(${quote(String(shape.value))})` : `z.literal(${valueCode(shape.value)})`
    case 'number':
      return `${carrier === 'text' ? 'z.coerce.number()' : 'z.number()'}${shape.int ? '.int()' : ''}${bounds(shape.min, shape.max)}`
    case 'boolean':
      // A parameter's text: `true` or `false` (z.coerce.boolean() would take "false" as true).
      return carrier === 'text' ? "z.enum(['true', 'false'])" : 'z.boolean()'
    case 'null':
      return 'z.null()'
    case 'array':
      return carrier === 'text' ? 'z.string()' : `z.array(${zodCode(shape.items, indent)})${bounds(shape.min, shape.max)}`
    case 'object': {
      if (carrier === 'text') return 'z.string()'
      const inner = `${indent}  `
      const members = shape.properties.map((property) => `${key(property.name)}: ${zodCode(property.shape, inner)}${property.optional ? '.optional()' : ''}`)
      return listCode('z.object({ ', members, ' })', indent)
    }
    case 'record':
      return carrier === 'text' ? 'z.string()' : `z.record(z.string(), ${zodCode(shape.values, indent)})`
    case 'union':
      return listCode('z.union([', shape.options.map((option) => zodCode(option, `${indent}  `, carrier)), '])', indent)
    case 'unknown':
      return carrier === 'text' ? 'z.string()' : 'z.unknown()'
  }
}

/** A value the shape takes, for an answer to fill in: the first of an enum, a bound, an empty list, every member. */
export function placeholder(shape: Shape): unknown {
  switch (shape.kind) {
    case 'string':
      return 'x'.repeat(Math.min(shape.min ?? 0, 100))
    case 'enum':
      return shape.values[0]
    case 'literal':
      return shape.value
    case 'number':
      return shape.min ?? (shape.max !== undefined && shape.max < 0 ? shape.max : 0)
    case 'boolean':
      return false
    case 'array':
      return Array.from({ length: Math.min(shape.min ?? 0, 10) }, () => placeholder(shape.items))
    case 'object':
      return Object.fromEntries(shape.properties.map((property) => [property.name, placeholder(property.shape)]))
    case 'record':
      return {}
    case 'union':
      return placeholder(shape.options[0]!)
    default:
      return null
  }
}

/**
 * The code of `placeholder(shape)` at `indent`, an enum's or a literal's string typed as itself (`'day' as
 * const`): `run`'s answer is typed before the response's record could narrow it.
 */
export function placeholderCode(shape: Shape, indent: string): string {
  const inner = `${indent}  `
  switch (shape.kind) {
    case 'enum':
      return `${quote(shape.values[0]!)} as const`
    case 'literal':
      return typeof shape.value === 'string' ? `${quote(shape.value)} as const` : valueCode(shape.value)
    case 'array': {
      const items = Array.from({ length: Math.min(shape.min ?? 0, 10) }, () => placeholderCode(shape.items, inner))
      return listCode('[', items, ']', indent)
    }
    case 'object': {
      const members = shape.properties.map((property) => `${key(property.name)}: ${placeholderCode(property.shape, inner)}`)
      return members.length === 0 ? '{}' : listCode('{ ', members, ' }', indent)
    }
    case 'union':
      return placeholderCode(shape.options[0]!, indent)
    default:
      return valueCode(placeholder(shape), indent)
  }
}

/** Whether `placeholder` is sure to fit: a pattern it cannot guess, anywhere in the shape, is not. */
export function placeholderFits(shape: Shape): boolean {
  switch (shape.kind) {
    case 'string':
      return shape.pattern === undefined && (shape.max === undefined || (shape.min ?? 0) <= shape.max)
    case 'array':
      return placeholderFits(shape.items)
    case 'object':
      return shape.properties.every((property) => placeholderFits(property.shape))
    case 'union':
      return placeholderFits(shape.options[0]!)
    default:
      return true
  }
}
