import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

/**
 * Every code example of the README is marked `<!-- readme-example: <name> -->` and must stand, line for
 * line (indentation aside), in test/readme/<name>.test.ts, which runs it.
 */
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
const examples = [...readme.matchAll(/<!-- readme-example: ([\w-]+) -->\n```\w*\n([\s\S]*?)```/g)].map(
  (m) => ({ name: m[1]!, code: m[2]! }),
)
const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean)

test('the README has examples, and every ts block is one (or a usage-example checked by test/package)', () => {
  expect(examples.length).toBeGreaterThanOrEqual(5)
  const allTsBlocks = [...readme.matchAll(/```ts\n/g)].length
  const usageExamples = [...readme.matchAll(/<!-- usage-example: [^\s]+ -->\n```ts\n/g)].length
  expect(examples.length + usageExamples).toBe(allTsBlocks)
})

test.each(examples.map((e) => [e.name, e.code] as const))('README example "%s" is run by a test', (name, code) => {
  const file = readFileSync(new URL(`./${name}.test.ts`, import.meta.url), 'utf8')
  const want = lines(code).join('\n')
  expect(lines(file).join('\n')).toContain(want)
})
