/**
 * verify over time and the code that follows the service, over real sockets: the demo server behind a
 * proxy that changes (changing-service.ts). A first run writes the module (`--operations-out`) for the
 * extending walk's two changes (DELETE /api/workspaces/{workspaceId}, an application `status`), a workspace
 * `tier` the service takes in a PUT, and the operations its OpenAPI document describes; verify with that
 * module reports nothing new against the first report (`--baseline`); then the service changes again, and
 * a third run says what is new, gone and unchanged while it merges into the module a user edited. Both
 * modules type-check with skipLibCheck off.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startMockServer, withCredentials, type MockServer } from '../../src/node/index.ts'
import { FOLLOWED_ADDITIONS, FOLLOWED_CHANGES, startChangingService, type ChangingService } from './changing-service.ts'
import { verifyInProcess } from './in-process.ts'
import { typeCheck } from '../support/type-check.ts'

const KEY = 'following-key'
const SECRET = 'following-secret'
let server: MockServer
let service: ChangingService
let folder: string
const file = (name: string) => join(folder, name)

beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: withCredentials('demo', { apiKey: KEY, apiSecret: SECRET }) })
  service = await startChangingService(server.url, { apiKey: KEY, apiSecret: SECRET }, FOLLOWED_CHANGES)
  folder = mkdtempSync(join(tmpdir(), 'verify-follows-'))
})
afterAll(async () => {
  await service?.close()
  await server?.close()
  rmSync(folder, { recursive: true, force: true })
})

const verify = (...flags: string[]) => verifyInProcess(['--target', service.url, '--api-key', KEY, '--api-secret', SECRET, '--rate', '1000', ...flags])
const lines = (text: string) => text.trim().split('\n')
const json = (name: string) => JSON.parse(readFileSync(file(name), 'utf8'))
const ADDED = FOLLOWED_ADDITIONS

describe('the code that follows the service, and verify over time', () => {
  test('a first run finds the changes and writes the module of them, without the credentials', { timeout: 60_000 }, async () => {
    const run = await verify('--write', '--report', file('first.json'), '--operations-out', file('api-changes.ts'))
    expect(run.stderr).toBe('')
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(`wrote the operations module to ${file('api-changes.ts')}: added ${ADDED.join(', ')}\n`)
    const module = readFileSync(file('api-changes.ts'), 'utf8')
    copyFileSync(file('api-changes.ts'), file('first-module.ts'))
    expect(module).toMatch(/ {4}status: \{\n {6}schema: z\.enum\(\['active', 'paused'\]\),\n {6}build: \(\{ faker \}\) => faker\.helpers\.arrayElement\(\['active', 'paused'\]\),\n {4}\},/)
    expect(module).toMatch(/ {4}tier: \{\n {6}schema: z\.enum\(\['free', 'team'\]\),\n {6}build: .*\n {6}writable: true,\n {4}\},/)
    expect(module).toContain('The service took it in PUT /api/workspaces/wse_')
    expect(module).toContain("  run: ({ params, workspaces }) => workspaces.delete(workspaces.get(params.workspaceId)),\n")
    expect(module).toContain("  run: ({ params, workspaces, applications }) => applications.list(workspaces.get(params.workspaceId)),\n")
    expect(module).toContain(
      "  /** TODO(workspace-api-mock): answer what the service answers (a Usage); this placeholder fits its schema. */\n" +
        "  run: ({ params, workspaces }) => {\n    workspaces.get(params.workspaceId)\n    return { requests: 0, period: 'day' as const }\n  },\n",
    )
    expect(module).toMatch(/export default \[\n {2}getWorkspaceUsage,\n {2}listWorkspaceApplications,\n {2}deleteWorkspace,\n/)
    // The service echoed the caller's key and secret in `contact`: the module has neither (a plain string
    // field, whose builder draws what was seen without them), nor has the report the secret.
    expect(module).toContain("    contact: {\n      schema: z.string(),\n      build: () => '[redacted]:[redacted]@example.com',\n    },\n")
    for (const name of ['api-changes.ts', 'first.json']) expect(readFileSync(file(name), 'utf8')).not.toContain(SECRET)
    expect(module).not.toContain(KEY)
  })

  test('verify with the module reports nothing new: every difference of the first report is gone', { timeout: 60_000 }, async () => {
    const run = await verify('--write', '--operations', file('api-changes.ts'), '--baseline', file('first.json'), '--report', file('second.json'), '--junit', file('second.xml'))
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const report = json('second.json')
    expect(report.checks.filter((check: { verdict: string }) => check.verdict === 'differs')).toEqual([])
    const gone = json('first.json').checks.filter((check: { verdict: string }) => check.verdict === 'differs').map((check: { id: string }) => check.id)
    expect(gone.length).toBeGreaterThan(10)
    expect(report.baseline).toEqual({ since: { target: service.url, startedAt: json('first.json').startedAt }, new: [], gone, unchanged: [] })
    expect(run.stdout).toContain(`since the baseline ${file('first.json')} (${json('first.json').startedAt}): 0 new, ${gone.length} gone, 0 unchanged\n`)
    expect(run.stdout).toMatch(/^gone {9}methods\.delete\.status +DELETE \/api\/workspaces\/wse_0{32}  was expected 405, observed 404; now same  \[Other paths and methods\]$/m)
    expect(readFileSync(file('second.xml'), 'utf8')).not.toContain('<failure')
  })

  test('the service changes again: new, gone and unchanged since the first report, and the module merged with its edits kept', { timeout: 60_000 }, async () => {
    const edited = readFileSync(file('api-changes.ts'), 'utf8').replace("build: ({ faker }) => faker.helpers.arrayElement(['active', 'paused']),", "build: () => 'active', // every new one starts active")
    writeFileSync(file('api-changes.ts'), edited)
    service.changes.delete('delete')
    service.changes.add('region')
    try {
      const run = await verify('--write', '--baseline', file('first.json'), '--report', file('third.json'), '--junit', file('third.xml'), '--operations-out', file('api-changes.ts'))
      expect(run.stderr).toBe('')
      expect(run.code).toBe(1)
      const { baseline, checks } = json('third.json')
      expect(baseline.gone).toEqual(['methods.delete.status', 'methods.delete.allow'])
      expect(baseline.new).toEqual(expect.arrayContaining(['workspaces.list.fields', 'workspaces.get.fields']))
      expect(baseline.unchanged).toEqual(expect.arrayContaining(['paging.defaults.fields', 'applications.get.fields', 'openapi.json.component-names']))
      // As judged, only the new differences are printed.
      const printed = lines(run.stdout).filter((line) => line.startsWith('differs'))
      expect(printed.map((line) => line.split(/ +/)[1])).toEqual(baseline.new)
      const junit = readFileSync(file('third.xml'), 'utf8')
      expect(junit.match(/<failure /g)).toHaveLength(baseline.new.length)
      expect(junit).toMatch(/<testcase classname="Record fields" name="paging\.defaults\.fields">\n {6}<skipped message="known difference \(in the baseline\): GET/)
      expect(checks.find((check: { id: string }) => check.id === 'methods.delete.status').verdict).toBe('same')
      expect(run.stdout).toContain(`wrote the operations module to ${file('api-changes.ts')}: added fields.workspace.region; 5 found already there\n`)
      const merged = readFileSync(file('api-changes.ts'), 'utf8')
      expect(merged).toContain("build: () => 'active', // every new one starts active")
      expect(merged.match(/^ {4}status: \{$/gm)).toHaveLength(1)
      expect(merged).toMatch(/ {4}region: \{\n {6}schema: z\.enum\(\['eu-west-1', 'us-east-1'\]\),/)
      expect(merged.replace(/ {4}\/\*\*\n(?: {5}\*.*\n)+ {5}\*\/\n {4}region: \{\n(?: {6}.*\n)+ {4}\},\n/, '')).toBe(edited)
    } finally {
      service.changes.add('delete')
      service.changes.delete('region')
    }
  })

  test('both modules type-check with skipLibCheck off', { timeout: 60_000 }, async () => {
    expect(await typeCheck(folder, ['first-module.ts', 'api-changes.ts'])).toBe('')
  })
})
