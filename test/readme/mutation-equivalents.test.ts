import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { documentWithEquivalents, markedMutants } from '../../scripts/mutation-equivalents.ts'

test('docs/mutation.md lists every mutant the source marks as equivalent, with its reason (npm run mutation:equivalents)', () => {
  const document = readFileSync(new URL('../../docs/mutation.md', import.meta.url), 'utf8')
  const marked = markedMutants()
  expect(marked.length).toBeGreaterThan(50)
  for (const { where, reason } of marked) {
    expect(reason.length, where).toBeGreaterThan(10)
    expect(document).toContain(`| ${where.replace(/^src\//, '')}`)
  }
  expect(document).toBe(documentWithEquivalents(document))
})
