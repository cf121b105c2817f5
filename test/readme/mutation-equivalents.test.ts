import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { directiveShare, documentWithEquivalents, markedMutants, reasonCodes } from '../../scripts/mutation-equivalents.ts'

test('docs/mutation.md lists every mutant the source marks as equivalent, with its reason code (npm run mutation:equivalents)', () => {
  const document = readFileSync(new URL('../../docs/mutation.md', import.meta.url), 'utf8')
  const codes = reasonCodes(document)
  const marked = markedMutants()
  expect(marked.length).toBeGreaterThan(50)
  for (const { where, code } of marked) {
    expect(codes, `${where}: the code "${code}" is explained in docs/mutation.md's table`).toContain(code)
    expect(document).toContain(`| ${where.replace(/^src\//, '')}`)
  }
  expect(document).toBe(documentWithEquivalents(document))
})

test('the mutation directives stay within 2% of the bytes of src/ (issue 22: quiet source)', () => {
  const { bytes, total } = directiveShare()
  expect(bytes / total).toBeLessThanOrEqual(0.02)
})
