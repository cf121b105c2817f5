/**
 * src/model/json-values.ts against zod itself: what the kit refuses of a field's schema as "not JSON" is
 * what zod's JSON Schema generator (behind the served documents) refuses, kind by kind; and a built value is
 * JSON only when it comes back from JSON the same.
 */
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { isJson, notJsonKind } from '../../src/model/json-values.ts'

type Tree = { children: Tree[] }
const tree: z.ZodType<Tree> = z.lazy(() => z.object({ children: z.array(tree) }))

const schemas: Record<string, z.core.$ZodType> = {
  string: z.string().max(3),
  'number, int, boolean, null': z.tuple([z.number(), z.int(), z.boolean(), z.null()]),
  'enum and literals': z.union([z.enum(['a', 'b']), z.literal('c'), z.literal(1)]),
  'object, optional, nullable, default, readonly': z.object({ a: z.optional(z.string()), b: z.nullable(z.number()), c: z.string().default('x'), d: z.readonly(z.array(z.string())) }),
  'record and intersection': z.intersection(z.record(z.string(), z.number()), z.object({ n: z.number() })),
  'a discriminated union': z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b'), n: z.number() })]),
  'a recursive lazy schema': tree,
  'a coerced number': z.coerce.number(),
  'a pipe into a string': z.pipe(z.string(), z.string().min(1)),
  'any and unknown': z.tuple([z.any(), z.unknown()]),
  'a tuple with a rest': z.tuple([z.string()], z.number()),
  'a catchall': z.object({}).catchall(z.string()),
  bigint: z.bigint(),
  date: z.date(),
  symbol: z.symbol(),
  undefined: z.undefined(),
  void: z.void(),
  map: z.map(z.string(), z.string()),
  set: z.set(z.string()),
  nan: z.nan(),
  custom: z.custom<string>(() => true),
  transform: z.string().transform(Number),
  'an undefined literal': z.literal(undefined),
  'a bigint literal': z.literal(1n),
  'a date deep in an object': z.object({ log: z.array(z.object({ at: z.optional(z.date()) })) }),
  'a bigint in a union': z.union([z.string(), z.bigint()]),
  'a date in a record': z.record(z.string(), z.date()),
  'a set behind a lazy getter': z.lazy(() => z.set(z.string())),
  'a date in a catchall': z.object({}).catchall(z.date()),
}

describe("a schema's kinds, as zod's JSON Schema generator sees them (what the kit outputs)", () => {
  test.each(Object.entries(schemas))('%s', (_, schema) => {
    let refused: unknown
    try {
      z.toJSONSchema(schema, { io: 'output' })
    } catch (error) {
      refused = error
    }
    expect(notJsonKind(schema) !== undefined, String(refused)).toBe(refused !== undefined)
  })
})

describe('a value', () => {
  const cycle: Record<string, unknown> = {}
  cycle.self = cycle
  test.each([
    ['a string, a finite number, a boolean, null', ['a', 1.5, true, null], true],
    ['nested plain objects and arrays', { a: [{ b: { c: [] } }], d: Object.create(null) }, true],
    ['an object member undefined (JSON leaves it out)', { a: undefined }, true],
    ['undefined in an array', [undefined], false],
    ['NaN', Number.NaN, false],
    ['Infinity', [Number.POSITIVE_INFINITY], false],
    ['a BigInt', { n: 1n }, false],
    ['a function', [() => 1], false],
    ['a symbol', Symbol('s'), false],
    ['a Date', new Date(0), false],
    ['a Map', new Map(), false],
    ['a cycle', cycle, false],
  ])('%s', (_, value, json) => {
    expect(isJson(value)).toBe(json)
    if (json) expect(JSON.parse(JSON.stringify(value))).toEqual(value)
  })

  test('the same object twice is no cycle', () => {
    const shared = { a: 1 }
    expect(isJson([shared, { shared }])).toBe(true)
  })
})
