/**
 * A schema of an OpenAPI document (3.0 or 3.1: `nullable`, or a type list with `null`) as a shape: local
 * `$ref`s followed (a cycle or a deep one is `z.unknown()`), `oneOf`/`anyOf` as unions, `enum` and `const`,
 * and the bounds the document states. Whatever the document holds, the walk is bounded.
 */
import type { Property, Shape } from './shape.ts'

type Json = Record<string, unknown>

const MAX_DEPTH = 10
const MAX_MEMBERS = 100
const MAX_OPTIONS = 10
const MAX_ENUM = 50
/** The longest `pattern` kept, and only one JavaScript compiles (else the string has none). */
const MAX_PATTERN = 500

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)
const finite = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)
const count = (value: unknown): number | undefined => (Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined)

/** The component a local `$ref` names (`#/components/schemas/Name`), or undefined. */
export function refName(schema: unknown): string | undefined {
  const ref = isObject(schema) ? schema.$ref : undefined
  return typeof ref === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1] : undefined
}

/** Follows a local `$ref` into the document's components (once); the schema itself otherwise. */
export function resolved(schema: unknown, document: unknown): unknown {
  const name = refName(schema)
  if (name === undefined) return schema
  const schemas = isObject(document) && isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {}
  return Object.hasOwn(schemas, name) ? schemas[name] : undefined
}

export function shapeOf(schema: unknown, document: unknown, seen: readonly string[] = []): Shape {
  if (!isObject(schema) || seen.length >= MAX_DEPTH) return { kind: 'unknown' }
  const name = refName(schema)
  if (name !== undefined) return seen.includes(name) ? { kind: 'unknown' } : shapeOf(resolved(schema, document), document, [...seen, name])
  const next = [...seen, '']
  const nullable = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'))
  const shape = baseShape(schema, document, next)
  return nullable && shape.kind !== 'null' ? { ...shape, nullable: true } : shape
}

function baseShape(schema: Json, document: unknown, seen: readonly string[]): Shape {
  const options = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined
  if (options !== undefined && options.length > 0) {
    const shapes = options.slice(0, MAX_OPTIONS).map((option) => shapeOf(option, document, seen))
    return shapes.length === 1 ? shapes[0]! : { kind: 'union', options: shapes }
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) return shapeOf(schema.allOf[0], document, seen)
  const literal = schema.const
  if (typeof literal === 'string' || typeof literal === 'boolean' || finite(literal) !== undefined) return { kind: 'literal', value: literal as string | number | boolean }
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.length <= MAX_ENUM) {
    const values = schema.enum.filter((value) => value !== null)
    if (values.length > 0 && values.every((value) => typeof value === 'string')) return { kind: 'enum', values: [...new Set(values as string[])] }
  }
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((type) => type !== 'null' && type !== undefined)
  if (types.length > 1) return { kind: 'union', options: types.slice(0, MAX_OPTIONS).map((type) => shapeOf({ ...schema, type }, document, seen)) }
  const type = types[0] ?? (isObject(schema.properties) ? 'object' : schema.items !== undefined ? 'array' : undefined)
  return typedShape(type, schema, document, seen)
}

function typedShape(type: unknown, schema: Json, document: unknown, seen: readonly string[]): Shape {
  switch (type) {
    case 'string': {
      const pattern = typeof schema.pattern === 'string' && schema.pattern.length <= MAX_PATTERN && compiles(schema.pattern) ? schema.pattern : undefined
      return { kind: 'string', ...defined({ min: count(schema.minLength), max: count(schema.maxLength), pattern }) }
    }
    case 'integer':
    case 'number': {
      // An integer's safe bounds are `.int()`'s own: zod writes them into every document.
      const int = type === 'integer'
      const min = finite(schema.minimum)
      const max = finite(schema.maximum)
      return { kind: 'number', int, ...defined({ min: int && min === Number.MIN_SAFE_INTEGER ? undefined : min, max: int && max === Number.MAX_SAFE_INTEGER ? undefined : max }) }
    }
    case 'boolean':
      return { kind: 'boolean' }
    case 'null':
      return { kind: 'null' }
    case 'array':
      return { kind: 'array', items: shapeOf(schema.items, document, seen), ...defined({ min: count(schema.minItems), max: count(schema.maxItems) }) }
    case 'object':
      return objectShape(schema, document, seen)
    default:
      return { kind: 'unknown' }
  }
}

function objectShape(schema: Json, document: unknown, seen: readonly string[]): Shape {
  const properties = isObject(schema.properties) ? Object.entries(schema.properties) : []
  if (properties.length === 0 && isObject(schema.additionalProperties)) return { kind: 'record', values: shapeOf(schema.additionalProperties, document, seen) }
  if (properties.length > MAX_MEMBERS) return { kind: 'record', values: { kind: 'unknown' } }
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === 'string') : [])
  const members: Property[] = properties.map(([name, property]) => ({ name, shape: shapeOf(property, document, seen), optional: !required.has(name) }))
  return { kind: 'object', properties: members }
}

/** The members of `values` that are defined. */
function defined<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern)
    return true
  } catch {
    return false
  }
}
