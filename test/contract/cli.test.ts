/**
 * `workspace-api-mock contract`: journal files in, the pact out (the same bytes whichever order the
 * workers' files come in), replaced whole; bad input (a truncated file, another shape, a huge one, a deep
 * one, prototype keys, a document that is no OpenAPI document) is one line on stderr, exit code 2, and the
 * pact file as it was. As a child process where the process is what is proved (its exit code, its output);
 * the other bad files and the flag mistakes run the command's function in this process.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contractCommand } from '../../src/cli/contract.ts'
import { pactText, type ContractExchange } from '../../src/contract/pact.ts'
import { runCli } from '../cli/cli-process.ts'
import { consumerRun, MOCK } from './consumer-run.ts'
import { kitOpenApiDocument } from '../../src/contract/kit-document.ts'

const folder = mkdtempSync(join(tmpdir(), 'wam-contract-'))
const file = (name: string, text: string) => {
  const path = join(folder, name)
  writeFileSync(path, text)
  return path
}
let runs: ContractExchange[][]

/** The command's function in this process (after `contract`), its output kept. */
async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await contractCommand(args, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } })
  return { code, stdout, stderr }
}

beforeAll(async () => {
  runs = await consumerRun()
})
afterAll(() => rmSync(folder, { recursive: true, force: true }))

test('journal files of two workers, in either order, give the same pact: the one pactText writes; the file is replaced whole', async () => {
  const half = Math.ceil(runs.length / 2)
  // One worker's journal as GET /__admin/journal answers it, the other's wrapped with its scenario and seed.
  const first = file('worker-1.json', JSON.stringify({ entries: runs.slice(0, half).flat() }))
  const second = file('worker-2.json', JSON.stringify({ ...MOCK, entries: runs.slice(half).flat() }))
  const out = file('pact.json', 'the pact of last week')
  const exchanges = runs.flat().length
  const expected = pactText({ exchanges: runs.flat(), mocks: [MOCK], consumer: 'web', provider: 'workspace-api', openapi: kitOpenApiDocument() })
  const interactions = (JSON.parse(expected) as { interactions: unknown[] }).interactions.length
  for (const files of [[first, second], [second, first]]) {
    const result = await runCli(['contract', ...files, '--out', out, '--consumer', 'web', '--scenario', MOCK.scenario, '--seed', String(MOCK.seed)])
    expect(result).toEqual({ code: 0, stdout: `wrote ${interactions} interactions from ${exchanges} journal entries to ${out}\n`, stderr: '' })
    expect(readFileSync(out, 'utf8')).toBe(expected)
  }
  expect(readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([])
})

describe('bad input: one line, exit 2, nothing written', () => {
  const entry = () => JSON.parse(JSON.stringify(runs[0]![0]!)) as Record<string, any>
  const cases: Array<[string, () => string, RegExp]> = [
    ['a truncated file', () => file('cut.json', JSON.stringify({ entries: runs.flat() }).slice(0, 5000)), /cut\.json is not valid JSON: /],
    [
      'entries of another version (no why)',
      () => file('old.json', JSON.stringify([{ ...entry(), why: undefined }])),
      /old\.json: entries\[0\]\.why: Invalid input: expected object, received undefined \(expected journal entries as GET \/__admin\/journal answers them/,
    ],
    [
      'a why of another version (a decision kind it does not know)',
      () => file('kind.json', JSON.stringify([{ ...entry(), why: { ...entry().why, decision: { kind: 'teleported' } } }])),
      /kind\.json: entries\[0\]\.why\.decision: Invalid input/,
    ],
    ['a wrapper with members of another shape', () => file('wrapped.json', JSON.stringify({ journal: [entry()] })), /wrapped\.json: entries: Invalid input: expected array, received undefined \(/],
    [
      'a huge file (65 MiB, sparse)',
      () => {
        const path = file('huge.json', '')
        truncateSync(path, 65 * 1024 * 1024)
        return path
      },
      /huge\.json is larger than 64 MiB, the most a journal file may hold$/,
    ],
    ['a deeply nested file', () => file('deep.json', `{"entries":${'['.repeat(5000)}${']'.repeat(5000)}}`), /deep\.json is nested deeper than 100 levels: not a journal or a coverage document$/],
    ['a "__proto__" key', () => file('proto.json', `{"entries":[],"__proto__":{"polluted":true}}`), /proto\.json holds a "__proto__" key: not a journal or a coverage document$/],
    ['a "constructor" key in a body', () => file('ctor.json', JSON.stringify([{ ...entry(), body: { constructor: { prototype: {} } } }])), /ctor\.json holds a "(prototype|constructor)" key: not a journal or a coverage document$/],
  ]
  test.each(cases)('%s', async (what, make, message) => {
    const out = join(folder, `${Math.random().toString(36).slice(2)}.json`)
    writeFileSync(out, 'the pact of last week')
    const args = ['contract', make(), '--out', out]
    // The first case as a process: the exit code and the one line are the process's own.
    const result = what === cases[0]![0] ? await runCli(args) : await run(args.slice(1))
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^workspace-api-mock contract: [^\n]+\n$/)
    expect(result.stderr.trim()).toMatch(message)
    expect(readFileSync(out, 'utf8')).toBe('the pact of last week')
  })

  test('an --openapi file that is no OpenAPI document', async () => {
    const journal = file('ok.json', JSON.stringify(runs[0]))
    const out = join(folder, 'never.json')
    const result = await run([journal, '--out', out, '--openapi', file('doc.json', '{"openapi":"3.1.0"}')])
    expect(result).toMatchObject({ code: 2, stdout: '' })
    expect(result.stderr).toMatch(/^workspace-api-mock contract: \S+doc\.json is not an OpenAPI document \(no "paths"\): give the mock's GET \/api\/openapi\.json\n$/)
    expect(readdirSync(folder)).not.toContain('never.json')
  })
})

describe('flags (the command itself, in this process)', () => {
  test.each([
    [['a.json'], 'missing --out: contract --out <pact.json>'],
    [['--out', 'x.json'], 'give the journal files or coverage documents to read: contract <journal.json>... --out <pact.json>'],
    [['a.json', '--out', 'no/such/folder/x.json'], '--out: no such folder'],
    [['a.json', '--out', 'x.json', '--consumer', ' web'], '--consumer: expected 1 to 200 printable ASCII characters, without spaces at either end, got " web"'],
    [['a.json', '--out', 'x.json', '--seed', 'x'], '--seed must be an integer from 0 to 2147483647, got "x"'],
    [['a.json', '--out', 'x.json', '--seed', '7'], '--seed goes with --scenario: the scenario and seed of the mock the entries came from'],
    [['a.json', '--out', 'x.json', '--openapi', 'nope.json'], '--openapi: no such file: nope.json'],
    [['a.json', '--out', 'x.json', '--provder', 'p'], 'unknown flag --provder for contract (did you mean --provider?)'],
  ])('%j: a usage error, exit 2', async (args, message) => {
    const result = await run(args)
    expect(result).toMatchObject({ code: 2, stdout: '' })
    expect(result.stderr.startsWith(`workspace-api-mock contract: ${message}`)).toBe(true)
    expect(result.stderr).toMatch(/^[^\n]+ \(every flag: workspace-api-mock contract --help\)\n$/)
  })

  test('--help names every flag and the journal shapes', async () => {
    const { code, stdout } = await run(['--help'])
    expect(code).toBe(0)
    for (const flag of ['--out', '--consumer', '--provider', '--scenario', '--seed', '--openapi', '--without-faults']) expect(stdout).toContain(flag)
    expect(stdout).toContain('{"scenario", "seed", "entries"}')
  })
})
