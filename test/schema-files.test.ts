import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { allJsonSchemas } from '../src/model/json-schemas.ts'
import { fixtureText } from '../src/model/fixture-text.ts'

const dir = new URL('../fixtures/schemas/', import.meta.url)

describe('fixtures/schemas', () => {
  const generated = allJsonSchemas()

  test.each(Object.keys(generated))('%s.json is what the zod schemas generate', (name) => {
    const file = readFileSync(new URL(`${name}.json`, dir), 'utf8')
    expect(file, 'run `npm run fixtures` to regenerate').toBe(
      fixtureText(generated[name as keyof typeof generated]),
    )
  })

  test('holds no schema the kit does not serve', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5))
    expect(files.sort()).toEqual(Object.keys(generated).sort())
  })
})
