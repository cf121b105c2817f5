import { z } from 'zod'
import { describe, expect, test } from 'vitest'
import type { ErrorDetail } from '../../src/model/schemas.ts'
import { validate } from '../../src/handlers/validation.ts'

describe('validate remembers accepted parameter strings', () => {
  test('per schema: a value one schema accepted is still checked by another', () => {
    const short = z.string().max(3)
    const long = z.string().max(10)
    const errors: ErrorDetail[] = []
    expect(validate(long, 'abcdef', 'path.id', errors)).toBe('abcdef')
    expect(validate(long, 'abcdef', 'path.id', errors)).toBe('abcdef')
    expect(validate(short, 'abcdef', 'path.id', errors)).toBeUndefined()
    expect(errors).toEqual([expect.objectContaining({ location: 'path.id', value: 'abcdef' })])
  })

  test('rejections are never remembered as accepted, and transforms keep their output', () => {
    const page = z.string().regex(/^\d+$/).transform(Number).pipe(z.int().max(5))
    const errors: ErrorDetail[] = []
    expect(validate(page, '4', 'query.page', errors)).toBe(4)
    expect(validate(page, '4', 'query.page', errors)).toBe(4)
    expect(validate(page, '9', 'query.page', errors)).toBeUndefined()
    expect(validate(page, '9', 'query.page', errors)).toBeUndefined()
    expect(errors).toHaveLength(2)
  })

  test('objects are not remembered: each call gets its own parsed copy', () => {
    const body = z.object({ name: z.string() })
    const first = validate(body, { name: 'a' }, 'body', [])
    const second = validate(body, { name: 'a' }, 'body', [])
    expect(first).toEqual(second)
    expect(first).not.toBe(second)
  })
})
