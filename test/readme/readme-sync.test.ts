import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { usageBlocks } from '../package/readme-blocks.ts'

/**
 * Every code example of the README and docs/*.md is marked `<!-- readme-example: <name> -->` and must
 * stand, line for line (indentation aside), in test/readme/<name>.test.ts, which runs it.
 */
const blocks = usageBlocks()
const examples = blocks.filter((b) => b.marker === 'readme-example').map((b) => ({ name: b.target!, code: b.code }))
const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean)

test('the docs have examples, and every ts block is one (or a usage-example checked by test/package)', () => {
  expect(examples.length).toBeGreaterThanOrEqual(5)
  const tsBlocks = blocks.filter((b) => b.language === 'ts')
  expect(tsBlocks.filter((b) => b.marker !== 'readme-example' && b.marker !== 'usage-example').map((b) => `${b.document}: ${b.code}`)).toEqual([])
})

test.each(examples.map((e) => [e.name, e.code] as const))('documented example "%s" is run by a test', (name, code) => {
  const file = readFileSync(new URL(`./${name}.test.ts`, import.meta.url), 'utf8')
  const want = lines(code).join('\n')
  expect(lines(file).join('\n')).toContain(want)
})
