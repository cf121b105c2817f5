/**
 * The command's JSON files (`--state`, `--profile`): a file that is not JSON is named in one line; only
 * regular files are read (a FIFO must not block, a device such as /dev/zero must not fill the memory), up
 * to a size bound. Read here in the test's own process: a read that blocked would hang the test.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { readJsonFile } from '../../src/cli/json-file.ts'
import { loadProfileFile, PROFILE_FILE } from '../../src/cli/profile-file.ts'
import { loadStateFile, STATE_FILE } from '../../src/cli/sources.ts'
import { runCli } from './cli-process.ts'

const dir = mkdtempSync(join(tmpdir(), 'wam-json-file-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('JSON.parse quotes the text around the mistake, line breaks and all: the message stays one line', () => {
  const file = join(dir, 'broken.json')
  writeFileSync(file, 'nope\n\n  {\n')
  expect(() => readJsonFile(file, PROFILE_FILE)).toThrow(`${file} is not valid JSON: `)
  expect(() => readJsonFile(file, PROFILE_FILE)).toThrow(/^[^\n]+$/)
  expect(() => loadProfileFile(file)).toThrow(/^[^\n]+ is not valid JSON: [^\n]+$/)
})

test('a file that cannot be read says so, with the path', () => {
  expect(() => readJsonFile(join(dir, 'absent.json'), PROFILE_FILE)).toThrow(`cannot read ${join(dir, 'absent.json')}: ENOENT`)
})

test('JSON is read as it is', () => {
  const file = join(dir, 'good.json')
  writeFileSync(file, '{"head":"get"}\n')
  expect(readJsonFile(file, PROFILE_FILE)).toEqual({ head: 'get' })
})

test('a FIFO, a link to /dev/zero and a folder are refused at once, without reading', () => {
  const fifo = join(dir, 'state.fifo')
  execFileSync('mkfifo', [fifo])
  const zero = join(dir, 'zero.json')
  symlinkSync('/dev/zero', zero)
  expect(() => loadStateFile(fifo)).toThrow(`cannot read ${fifo}: it is a FIFO, not a regular file`)
  expect(() => loadProfileFile(fifo)).toThrow(`cannot read ${fifo}: it is a FIFO, not a regular file`)
  expect(() => loadStateFile(zero)).toThrow(`cannot read ${zero}: it is a device, not a regular file`)
  expect(() => readJsonFile(dir, PROFILE_FILE)).toThrow(`cannot read ${dir}: it is a folder, not a regular file`)
})

test('a file over the bound is refused before it is read (a sparse file of 513 MiB)', () => {
  const large = join(dir, 'large.json')
  writeFileSync(large, '')
  truncateSync(large, STATE_FILE.maxBytes + 1)
  expect(() => loadStateFile(large)).toThrow(`${large} is larger than 500 MiB, the most a state file may hold`)
  truncateSync(large, PROFILE_FILE.maxBytes + 1)
  expect(() => loadProfileFile(large)).toThrow(`${large} is larger than 1 MiB, the most a profile file may hold`)
})

test('the command: --state a link to /dev/zero, --profile a FIFO: refused by their flags\' checks, exit 2, at once', async () => {
  const zero = join(dir, 'zero-state.json')
  symlinkSync('/dev/zero', zero)
  const fifo = join(dir, 'profile.fifo')
  execFileSync('mkfifo', [fifo])
  const [state, profile] = await Promise.all([runCli(['--state', zero, '--port', '0']), runCli(['--profile', fifo, '--port', '0'])])
  expect(state).toEqual({ code: 2, stdout: '', stderr: `workspace-api-mock: --state: not a file: ${zero}\nRun "workspace-api-mock --help" to see every flag.\n` })
  expect(profile).toEqual({ code: 2, stdout: '', stderr: `workspace-api-mock: --profile: not a file: ${fifo}\nRun "workspace-api-mock --help" to see every flag.\n` })
})
