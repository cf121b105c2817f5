/**
 * The consumer contract from coverage documents (src/contract/coverage-input.ts): the examples the
 * collectors keep of a consumer's suite (consumer-run.ts, each test a document of its own, as each test
 * file is under the Vitest reporter) give the same interactions as the suite's whole journal, and the same
 * bytes however the documents are merged (any order, in steps). `contract` takes coverage documents beside
 * journal files; an example the contract cannot read is one line and exit code 2.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { contractCommand } from '../../src/cli/contract.ts'
import { contractInputOfCoverage } from '../../src/contract/coverage-input.ts'
import { pactOf, pactText, type ContractExchange } from '../../src/contract/pact.ts'
import { mergeCoverage } from '../../src/coverage/assemble.ts'
import { CoverageCollector } from '../../src/coverage/collector.ts'
import type { CoverageDocument, CoveragePart } from '../../src/coverage/document.ts'
import { coverageJson } from '../../src/coverage/report-text.ts'
import { setProcessCoverage } from '../../src/coverage/switch.ts'
import { consumerRun, MOCK, TESTS } from './consumer-run.ts'
import { kitOpenApiDocument } from '../../src/contract/kit-document.ts'

const folder = mkdtempSync(join(tmpdir(), 'wam-coverage-pact-'))
const NOW = () => Date.UTC(2026, 0, 1)
let journal: ContractExchange[]
let documents: CoveragePart[]

beforeAll(async () => {
  const collector = new CoverageCollector()
  setProcessCoverage(collector)
  try {
    journal = []
    documents = []
    for (const name of Object.keys(TESTS)) {
      journal.push(...(await consumerRun([name], { now: NOW })).flat())
      documents.push(collector.drain()!)
    }
  } finally {
    setProcessCoverage(undefined)
  }
})
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const pactOfCoverage = (document: CoverageDocument) => pactText({ ...contractInputOfCoverage(document), consumer: 'web', provider: 'workspace-api', openapi: kitOpenApiDocument() })

test("the examples the collectors keep give the suite's interactions: the same as its whole journal gives", () => {
  const fromCoverage = JSON.parse(pactOfCoverage(mergeCoverage(documents))) as ReturnType<typeof pactOf>
  const fromJournal = pactOf({ exchanges: journal, mocks: [MOCK], consumer: 'web', provider: 'workspace-api', openapi: kitOpenApiDocument() })
  expect(fromCoverage.interactions.map((one) => one.description)).toEqual(fromJournal.interactions.map((one) => one.description))
  expect(fromCoverage.interactions.length).toBeGreaterThan(15)
  // The origin the answers named is put back, so the file shows the document's in its place, as from a journal.
  expect(JSON.stringify(fromCoverage)).not.toContain('api.example.test')
  expect(fromCoverage.metadata['workspace-api-mock']).toEqual({ mocks: [MOCK] })
})

test('the same bytes however the documents are merged: in any order, in steps', () => {
  const expected = pactOfCoverage(mergeCoverage(documents))
  const reversed = mergeCoverage([...documents].reverse())
  const half = Math.ceil(documents.length / 2)
  const inSteps = mergeCoverage([mergeCoverage(documents.slice(half)), mergeCoverage(documents.slice(0, half))])
  expect(coverageJson(reversed)).toBe(coverageJson(mergeCoverage(documents)))
  expect(pactOfCoverage(reversed)).toBe(expected)
  expect(pactOfCoverage(inSteps)).toBe(expected)
})

/** The command's function in this process (after `contract`), its output kept. */
async function contract(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await contractCommand(args, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } })
  return { code, stdout, stderr }
}

test('`contract` takes coverage documents, beside journal files: the pact of their examples and entries', async () => {
  const half = Math.ceil(documents.length / 2)
  const shards = [documents.slice(0, half), documents.slice(half)].map((part, index) => {
    const path = join(folder, `shard-${index + 1}.json`)
    writeFileSync(path, coverageJson(mergeCoverage(part)))
    return path
  })
  const out = join(folder, 'pact.json')
  const examples = shards.reduce((sum, path) => sum + (JSON.parse(readFileSync(path, 'utf8')) as CoverageDocument).examples.length, 0)
  const result = await contract([...shards, '--out', out, '--consumer', 'web'])
  expect(result.stderr).toBe('')
  expect(result.stdout).toMatch(new RegExp(`^wrote \\d+ interactions from ${examples} coverage examples to ${out.replace(/[.\\/]/g, '\\$&')}\n$`))
  expect(readFileSync(out, 'utf8')).toBe(pactOfCoverage(mergeCoverage(documents)))
  const journalFile = join(folder, 'journal.json')
  writeFileSync(journalFile, JSON.stringify({ ...MOCK, entries: journal.slice(0, 3) }))
  const mixed = await contract([journalFile, shards[0]!, '--out', out])
  expect(mixed.stdout).toMatch(/^wrote \d+ interactions from 3 journal entries and \d+ coverage examples to /)
})

test('a coverage document whose example the contract cannot read, or of another version: one line, exit 2, nothing written', async () => {
  const document = JSON.parse(coverageJson(mergeCoverage(documents))) as CoverageDocument
  const broken = { ...document, examples: document.examples.map((example, index) => (index === 1 ? { ...example, entry: { ...example.entry, why: { decision: { kind: 'operation' } } } } : example)) }
  const cases: Array<[unknown, RegExp]> = [
    [broken, /^workspace-api-mock contract: \S+broken\.json: examples\[1\]\.entry\.why\.caller: Invalid input/],
    [{ ...document, version: 2 }, /^workspace-api-mock contract: \S+broken\.json is of version 2 of the coverage shape; this kit reads version 1\n$/],
  ]
  for (const [value, message] of cases) {
    const path = join(folder, 'broken.json')
    writeFileSync(path, JSON.stringify(value))
    const out = join(folder, 'never.json')
    const result = await contract([path, '--out', out])
    expect(result).toMatchObject({ code: 2, stdout: '' })
    expect(result.stderr).toMatch(message)
    expect(result.stderr).toMatch(/^[^\n]+\n$/)
    expect(() => readFileSync(out)).toThrow()
  }
})
