// The consumer's side of docs/contract.md's walk, verbatim (readme-sync.test.ts checks it stays so), then the
// page's contract command (examples/contract/from-journals.sh, its line for line) on the journal file it wrote.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { contractCommand } from '../../src/cli/contract.ts'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { useMockApi } from 'workspace-api-mock/vitest'

const JOURNAL = 'reports/journals/workspaces.json'
const api = useMockApi({ scenario: 'demo', seed: 42 })
const entries: unknown[] = []

// Every request of the test, kept before the helper's reset clears the journal.
afterEach(() => {
  entries.push(...api.journal.entries)
  mkdirSync(dirname(JOURNAL), { recursive: true })
  writeFileSync(JOURNAL, JSON.stringify({ scenario: 'demo', seed: 42, entries }))
})

test('lists the workspaces, and is refused without credentials', async () => {
  const auth = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }
  expect((await fetch('http://localhost/api/workspaces', { headers: auth })).status).toBe(200)
  expect((await fetch('http://localhost/api/workspaces')).status).toBe(401)
})
// (end of the page's example)

afterAll(() => rmSync(dirname(JOURNAL), { recursive: true, force: true }))

test("the page's contract command writes the pact of those requests", async () => {
  const line = readFileSync(new URL('../../examples/contract/from-journals.sh', import.meta.url), 'utf8').split('\n').find((text) => text.startsWith('npx workspace-api-mock contract '))!
  const folder = mkdtempSync(join(tmpdir(), 'wam-walk-'))
  const out = join(folder, 'web-app-workspace-api.json')
  // The shell expands the glob: this suite's one file. The pact goes to a folder of the test's own.
  const args = line.replace('npx workspace-api-mock contract ', '').replace('reports/journals/*.json', JOURNAL).replace('api-coverage/pact.json', out).split(' ')
  let printed = ''
  const code = await contractCommand(args, { stdout: { write: (text: string) => (printed += text) }, stderr: { write: (text: string) => (printed += text) } })
  expect({ code, printed }).toEqual({ code: 0, printed: `wrote 2 interactions from 2 journal entries to ${out}\n` })
  const pact = JSON.parse(readFileSync(out, 'utf8'))
  expect(pact).toMatchObject({ consumer: { name: 'web-app' }, provider: { name: 'workspace-api' }, metadata: { 'workspace-api-mock': { mocks: [{ scenario: 'demo', seed: 42 }] } } })
  expect(pact.interactions.map((one: { description: string }) => one.description)).toEqual(['List workspaces: 200 OK', 'List workspaces: 401 Unauthorized, without X-API-Key and X-API-Secret'])
  rmSync(folder, { recursive: true, force: true })
})
