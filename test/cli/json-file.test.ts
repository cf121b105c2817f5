/** The command's JSON files (`--state`, `--profile`): a file that is not JSON is named in one line. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { readJsonFile } from '../../src/cli/json-file.ts'
import { loadProfileFile } from '../../src/cli/profile-file.ts'

const dir = mkdtempSync(join(tmpdir(), 'wam-json-file-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('JSON.parse quotes the text around the mistake, line breaks and all: the message stays one line', () => {
  const file = join(dir, 'broken.json')
  writeFileSync(file, 'nope\n\n  {\n')
  expect(() => readJsonFile(file)).toThrow(`${file} is not valid JSON: `)
  expect(() => readJsonFile(file)).toThrow(/^[^\n]+$/)
  expect(() => loadProfileFile(file)).toThrow(/^[^\n]+ is not valid JSON: [^\n]+$/)
})

test('a file that cannot be read says so, with the path', () => {
  expect(() => readJsonFile(join(dir, 'absent.json'))).toThrow(`cannot read ${join(dir, 'absent.json')}: ENOENT`)
})

test('JSON is read as it is', () => {
  const file = join(dir, 'good.json')
  writeFileSync(file, '{"head":"get"}\n')
  expect(readJsonFile(file)).toEqual({ head: 'get' })
})
