// The README says how `npm test` ends: with the line scripts/test.ts prints (countLine), skipped tests included.
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { countLine } from '../support/count-reporter.ts'

test("the README's closing line of npm test is the one it prints", () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const printed = countLine({ passed: 2041, failed: 0, skipped: 3 }).replace(/\d+/g, 'N')
  expect(printed).toBe('N passed, N failed, N skipped')
  expect(readme).toContain(`ending with \`${printed}\``)
})
