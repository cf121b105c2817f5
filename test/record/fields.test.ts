/**
 * `record --operations <module>`: a service whose records carry a field the module declares is recorded
 * with it (and the file loads in a mock with those fields); without the module the file keeps the spec's
 * fields only, as before, and says so on stderr (a child process, as a user runs it). Otherwise in-process:
 * `record` as the command runs it.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { record } from '../../src/cli/record.ts'
import { CLI, runCli } from '../cli/cli-process.ts'
import { createMockApi, type ScenarioState } from '../../src/index.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { fields } from '../../examples/extending/api-changes.ts'

const MODULE = 'examples/extending/api-changes.ts'
const folder = mkdtempSync(join(tmpdir(), 'wam-record-fields-'))
let service: MockServer
beforeAll(async () => {
  service = await startMockServer({ port: 0, scenario: 'demo', seed: 4, fields })
})
afterAll(async () => {
  await service?.close()
  rmSync(folder, { recursive: true, force: true })
})

async function recorded(file: string, ...extra: string[]): Promise<{ code: number; stdout: string; state: ScenarioState }> {
  let stdout = ''
  const io = { stdout: { write: (text: string) => void (stdout += text) }, stderr: { write: () => undefined } }
  const { apiKey, apiSecret } = service.api.credentials
  const out = join(folder, file)
  const code = await record(['--target', service.url, '--api-key', apiKey, '--api-secret', apiSecret, '--out', out, '--rate', '1000', ...extra], io as never)
  return { code, stdout, state: JSON.parse(readFileSync(out, 'utf8')) }
}

test("the module's fields are kept, and the file loads with them; without it, the spec's fields only", async () => {
  const kept = await recorded('with.json', '--operations', MODULE)
  expect(kept.code).toBe(0)
  expect(kept.stdout).toContain(`--operations ${MODULE}\n`)
  const statuses = service.api.db.applications.all().map((a) => (a as unknown as { status: string }).status)
  expect(kept.state.applications.map((a) => (a as unknown as { status: string }).status).sort()).toEqual(statuses.sort())
  const api = createMockApi({ state: kept.state, fields })
  await api.ready
  expect(api.snapshot().applications).toHaveLength(statuses.length)
  const plain = await recorded('without.json')
  expect(plain.state.applications.every((a) => !('status' in a))).toBe(true)
})

test('what the file leaves out is one line on stderr, the fields with their counts and the flag that keeps them; nothing with the module', async () => {
  const { apiKey, apiSecret } = service.api.credentials
  const args = ['record', '--target', service.url, '--api-key', apiKey, '--api-secret', apiSecret, '--rate', '1000']
  const plain = await runCli([...args, '--out', join(folder, 'plain.json')])
  expect(plain.code).toBe(0)
  const records = service.api.db.applications.count()
  expect(plain.stderr).toBe(
    `workspace-api-mock record: left out 1 field the mock does not know: application.status (${records} records); to keep them, record with --operations <module.ts> whose \`fields\` declares them (docs/extending.md)\n`,
  )
  // The page's module in a project of the user's, whose node_modules holds the package the command runs from.
  mkdirSync(join(folder, 'node_modules'))
  symlinkSync(dirname(dirname(dirname(CLI))), join(folder, 'node_modules/workspace-api-mock'), 'dir')
  copyFileSync(MODULE, join(folder, 'api-changes.ts'))
  const kept = await runCli([...args, '--out', join(folder, 'kept.json'), '--operations', join(folder, 'api-changes.ts')])
  expect(kept).toMatchObject({ code: 0, stderr: '' })
})
