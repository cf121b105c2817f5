/**
 * `workspace-api-mock coverage merge`, the command as it ships (a child process): the documents of a run
 * split across jobs merged into the reports, the gate's exit code 1, and a file it cannot read (missing,
 * truncated, of another version, too large, too deep, with a prototype member, a folder) refused in one
 * line with exit code 2 and nothing written.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { tapCoverage } from '../../src/api/coverage-tap.ts'
import { coverageCommand } from '../../src/cli/coverage.ts'
import { parseCoverageFlags } from '../../src/cli/coverage-flags.ts'
import { contractInputOfCoverage } from '../../src/contract/coverage-input.ts'
import { pactText } from '../../src/contract/pact.ts'
import { servedSurfaceOf } from '../../src/api/internals.ts'
import { mergeCoverage } from '../../src/coverage/assemble.ts'
import { CoverageCollector } from '../../src/coverage/collector.ts'
import type { CoverageDocument } from '../../src/coverage/document.ts'
import { coverageJson } from '../../src/coverage/report-text.ts'
import { createMockApi } from '../../src/index.ts'
import { runCli } from './cli-process.ts'
import { kitOpenApiDocument } from '../../src/contract/kit-document.ts'

/** The document of a mock that answered `paths` (GET, with its credentials). */
async function documentOf(seed: number, paths: readonly string[]): Promise<CoverageDocument> {
  const collector = new CoverageCollector()
  const api = createMockApi({ seed })
  tapCoverage(api, collector.attach({ surface: servedSurfaceOf(api), scenario: 'demo', seed }))
  await api.ready
  for (const path of paths) await api.handle(new Request(`http://localhost${path}`, { headers: { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret } }))
  return collector.document()
}

describe('coverage merge', () => {
  let dir: string
  let documents: CoverageDocument[]
  const at = (name: string) => join(dir, name)

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wam-coverage-'))
    documents = [await documentOf(1, ['/api/workspaces', '/api/nothing']), await documentOf(2, ['/api/workspaces?x=1', `/api/workspaces/wse_${'0'.repeat(32)}`])]
    documents.forEach((document, index) => writeFileSync(at(`shard-${index + 1}.json`), coverageJson(document)))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  test('merges the documents into the reports, the summary printed, exit code 0', async () => {
    const run = await runCli(['coverage', 'merge', at('shard-2.json'), at('shard-1.json'), '--json', at('out/merged.json'), '--junit', at('out/junit.xml'), '--html', at('out/page')])
    expect(run.stderr).toBe('')
    expect(run.stdout).toMatch(/^API coverage: 2 of 6 operations, 3 of 95 outcomes \(3%\), 3 of 13 decision topics; 4 requests from 2 mocks\nnever answered: /)
    expect(run.code).toBe(0)
    expect(readFileSync(at('out/merged.json'), 'utf8')).toBe(coverageJson(mergeCoverage(documents)))
    expect(readFileSync(at('out/junit.xml'), 'utf8')).toContain('tests="95" failures="0" skipped="92"')
    expect(readFileSync(at('out/page/index.html'), 'utf8')).toContain('<h1>API coverage</h1>')
  })

  test('--pact: the consumer contract of the merged examples, the one `contract` writes from the merged document', async () => {
    const run = await runCli(['coverage', 'merge', at('shard-2.json'), at('shard-1.json'), '--pact', at('pacts/web.json'), '--consumer', 'web', '--without-faults'])
    expect(run.stderr).toBe('')
    const expected = pactText({ ...contractInputOfCoverage(mergeCoverage(documents)), consumer: 'web', faults: false, openapi: kitOpenApiDocument() })
    expect(run.stdout).toMatch(new RegExp(`\nAPI coverage pact: ${(JSON.parse(expected) as { interactions: unknown[] }).interactions.length} interactions in \\S*pacts/web\\.json\n$`))
    expect(run.code).toBe(0)
    expect(readFileSync(at('pacts/web.json'), 'utf8')).toBe(expected)
  })

  test('--pact from an example the contract cannot read: one line, exit code 2, nothing written', async () => {
    const broken = JSON.parse(coverageJson(documents[0]!)) as CoverageDocument
    broken.examples[0]!.entry.why = { decision: { kind: 'operation' } } as never
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    try {
      expect(await coverageCommand(['merge', write('broken.json', JSON.stringify(broken)), '--pact', at('never/pact.json'), '--json', at('never/merged.json')])).toBe(2)
      expect(stderr.mock.calls.map(([text]) => String(text))).toEqual([
        expect.stringMatching(/^workspace-api-mock coverage: cannot write the pact: the coverage document: examples\[0\]\.entry\.why\.caller: Invalid input[^\n]*\n$/),
      ])
    } finally {
      stderr.mockRestore()
    }
    expect(existsSync(at('never'))).toBe(false)
    expect(() => parseCoverageFlags(['merge', 'x.json', '--consumer', 'web'])).toThrow('--consumer goes with --pact <file>: it is about the pact')
  })

  test('the gate: what is missing, one line each, exit code 1 (the reports written all the same)', async () => {
    const run = await runCli(['coverage', 'merge', at('shard-1.json'), '--min', 'operations=50', '--require', 'getWorkspace=404:workspaces:not-found', '--require', '*=fault:429', '--json', at('gated.json')])
    expect(run.stdout).toContain('API coverage gate: 8 missing\n  operations: 1 of 6 reached (16%), the gate asks for 50%\n  a 404 of a workspace that does not exist on getWorkspace: required, never answered\n  429 on listWorkspaces: required, never answered\n')
    expect(run.code).toBe(1)
    expect(existsSync(at('gated.json'))).toBe(true)
  })

  test.each([
    ['a file that is not there', () => at('missing.json'), /^workspace-api-mock coverage: cannot read .*missing\.json: ENOENT/],
    ['a truncated file', () => write('truncated.json', coverageJson(documents[0]!).slice(0, 700)), /: .*truncated\.json is not JSON \(truncated\?\): /],
    ['another version of the shape', () => write('v2.json', coverageJson(documents[0]!).replace('"version": 1', '"version": 2')), /v2\.json is of version 2 of the coverage shape; this kit reads version 1$/],
    ['a file over 64 MiB', () => huge(), /huge\.json is larger than 64 MiB, the most a coverage document may hold$/],
    ['JSON nested 10,000 deep', () => write('deep.json', `${'['.repeat(10_000)}${']'.repeat(10_000)}`), /deep\.json is nested deeper than 100 levels: not a coverage document$/],
    ['a member named __proto__', () => write('proto.json', coverageJson(documents[0]!).replace('"mocks": [', '"__proto__": {"x": 1}, "mocks": [')), /proto\.json holds a member named __proto__: refused$/],
    ['a folder', () => dir, /it is a folder, not a regular file$/],
  ])('%s: one line, exit code 2, nothing written', async (_, file, message) => {
    const target = at(`never-${Math.random().toString(36).slice(2)}.json`)
    const run = await runCli(['coverage', 'merge', at('shard-1.json'), file(), '--json', target])
    expect(run.stderr.trimEnd()).toMatch(message)
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1)
    expect(run.stdout).toBe('')
    expect(run.code).toBe(2)
    expect(existsSync(target)).toBe(false)
  })

  test('usage mistakes: one line, exit code 2; --help, exit code 0', async () => {
    for (const [args, message] of [
      [['coverage'], 'coverage needs a subcommand: coverage merge <files...>'],
      [['coverage', 'frobnicate'], 'unknown subcommand "coverage frobnicate": the only one is merge'],
      [['coverage', 'merge'], 'coverage merge needs at least one coverage document: coverage merge <files...>'],
      [['coverage', 'merge', 'x.json', '--min', 'outcomes=200'], '--min takes operations=<percent>, outcomes=<percent> or topics=<percent> (0 to 100), not "outcomes=200"'],
      [['coverage', 'merge', 'x.json', '--require', 'createWorkspace'], '--require takes <operation>=<outcome> (e.g. createWorkspace=422:body.name, or *=fault:429), not "createWorkspace"'],
    ] as const) {
      const run = await runCli(args)
      expect(run.stderr).toBe(`workspace-api-mock coverage: ${message} (every flag: workspace-api-mock coverage merge --help)\n`)
      expect(run.code).toBe(2)
    }
    const help = await runCli(['coverage', 'merge', '--help'])
    expect(help.stdout).toMatch(/^Usage: workspace-api-mock coverage merge <coverage\.json\.\.\.>/)
    expect(help.code).toBe(0)
  })

  function write(name: string, text: string): string {
    writeFileSync(at(name), text)
    return at(name)
  }

  function huge(): string {
    mkdirSync(at('big'), { recursive: true })
    writeFileSync(at('big/huge.json'), '')
    truncateSync(at('big/huge.json'), 64 * 1024 * 1024 + 1)
    return at('big/huge.json')
  }
})
