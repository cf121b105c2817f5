/**
 * `--state` given an evidence file it cannot serve (the command as a child process): truncated, of another
 * version or shape, huge, deeply nested, carrying a prototype key, without its state, or with a seed the
 * test did not have. Each is one line on stderr, exit code 2, nothing served.
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { evidenceStart, mockEvidence } from '../../src/evidence/mock.ts'
import { runCli } from '../cli/cli-process.ts'

const folder = mkdtempSync(join(tmpdir(), 'wam-evidence-bad-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** A real evidence file's text: a demo mock (seed 3) after two requests. */
let evidenceText = ''
beforeAll(async () => {
  const api = createMockApi({ scenario: 'demo', seed: 3 })
  await api.ready
  const start = evidenceStart(api)
  const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }
  await api.handle(new Request('https://api.test/api/workspaces', { headers }))
  await api.handle(new Request('https://api.test/api/nothing', { headers }))
  evidenceText = mockEvidence(api, start, { test: { runner: 'vitest', fixture: 'useMockApi', title: ['t'], file: 'f.ts' }, scenario: 'demo' }).text
})

/** Writes `name` in the test's folder with `text`, made from the evidence's; answers its path. */
function file(name: string, text: (evidence: string) => string): string {
  const path = join(folder, name)
  writeFileSync(path, text(evidenceText))
  return path
}

const edited = (edit: (evidence: Record<string, any>) => void) => (text: string) => {
  const evidence = JSON.parse(text)
  edit(evidence)
  return JSON.stringify(evidence)
}

describe.concurrent('an evidence file --state cannot serve', () => {
  test.each([
    ['truncated', () => file('truncated.json', (text) => text.slice(0, text.length / 2)), /^(\S+) is not valid JSON: .+$/],
    ['of another version', () => file('version-2.json', edited((e) => (e.version = 2))), /^(\S+) is evidence of version 2: this workspace-api-mock reads version 1$/],
    [
      'of another shape under version 1',
      () => file('renamed.json', edited((e) => ((e.requests = e.journal), delete e.journal))),
      /^(\S+) is not evidence of version 1: journal: Invalid input: expected object, received undefined \(and 1 more problems\)$/,
    ],
    [
      'huge (a sparse file past the bound)',
      () => {
        const path = file('huge.json', () => '')
        truncateSync(path, 501 * 1024 * 1024)
        return path
      },
      /^(\S+) is larger than 500 MiB, the most a state file may hold$/,
    ],
    [
      'deeply nested',
      () => file('deep.json', (text) => text.replace('"format"', `"deep": ${'['.repeat(5000)}${']'.repeat(5000)}, "format"`)),
      /^(\S+) nests 5001 levels deep, over the 100 a state or evidence file may$/,
    ],
    [
      'carrying a prototype key',
      () => file('proto.json', (text) => text.replace('"format"', '"__proto__": { "polluted": true }, "format"')),
      /^(\S+) has a "__proto__" key, which no state or evidence file holds$/,
    ],
    [
      'without its state (it was over the bound)',
      () => file('no-state.json', edited((e) => ((e.state = null), (e.stateLeftOut = 'the state was large: serve --scenario demo --seed 3 instead')))),
      /^(\S+) holds no state: the state was large: serve --scenario demo --seed 3 instead$/,
    ],
  ])('%s: one line, exit code 2, nothing served', async (_what, make, message) => {
    const path = make()
    const result = await runCli(['--state', path, '--port', '0'])
    expect(result.stdout).toBe('')
    expect(result.code, result.stderr).toBe(2)
    expect(result.stderr.endsWith('\n') && !result.stderr.slice(0, -1).includes('\n'), result.stderr).toBe(true)
    const [, named] = message.exec(result.stderr.replace(/^workspace-api-mock: /, '').trimEnd()) ?? []
    expect(named, result.stderr).toBe(path)
  })

  test('--seed other than the test had: refused, the seed named', async () => {
    const path = file('seeded.json', (text) => text)
    const result = await runCli(['--state', path, '--seed', '7', '--port', '0'])
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `workspace-api-mock: ${path} is the evidence of a test with seed 3: --seed 7 would serve other ids than it saw; leave --seed out\n`,
    })
  })
})
