/**
 * `workspace-api-mock record` against a demo server on a real socket, the recording served again with
 * `--state`: a client sees the same lists and pages, with the recorded principal's credentials.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { validateState } from '../../src/model/validate-state.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { freePort, runCli, startCli, type Finished, type RunningCli } from '../cli/cli-process.ts'
import { everyPage } from './support.ts'

const folder = mkdtempSync(join(tmpdir(), 'wam-record-'))
const out = join(folder, 'recorded.json')
let original: MockServer
let replay: RunningCli
let recording: Finished

beforeAll(async () => {
  // Two workspaces of 120 applications: the recording reads two pages of 100 in each.
  original = await startMockServer({ port: 0, scenario: 'scale:2x120', seed: 7 })
  const { apiKey, apiSecret } = original.api.credentials
  const port = await freePort()
  recording = await runCli(['record', '--target', original.url, '--api-key', apiKey, '--api-secret', apiSecret, '--out', out, '--rate', '1000', '--icons-origin', `http://127.0.0.1:${port}`])
  replay = await startCli(['--state', out, '--port', String(port)])
}, 30_000)

afterAll(async () => {
  await replay?.stop()
  await original?.close()
  rmSync(folder, { recursive: true, force: true })
})

describe('record, then --state', () => {
  test('exits 0 and says what it wrote: records, pages, requests, the principal to use', () => {
    expect(recording.stderr).toBe('')
    expect(recording.code).toBe(0)
    expect(recording.stdout).toMatch(/^Recorded 2 workspaces and 240 applications from http:\/\/127\.0\.0\.1:\d+ \(5 pages, 5 requests, [\d.]+ s\) into \S+recorded\.json\.$/m)
    expect(recording.stdout).toContain(`Serve it: workspace-api-mock --state ${out}\n`)
    expect(recording.stdout).toMatch(/^Its principal: X-API-Key: wam_key_[0-9a-f]{32} \(its X-API-Secret is accounts\[0\]\.apiSecret in \S+\)$/m)
    // Where the icons are (absolute URLs in the file), and the flag that moves them.
    expect(recording.stdout).toMatch(/^Its icons are at http:\/\/\S+\/api\/icons\/: serve it at that origin, or record with --icons-origin <the mock's origin>$/m)
  })

  test('the same lists and pages as the original, at the API page sizes 10 and 100', async () => {
    const [principal] = replay.principals
    expect(principal!.apiKey).toBe(/X-API-Key: (\S+)/.exec(recording.stdout)![1])
    for (const pageSize of [10, 100]) {
      const before = await everyPage(original.url, original.api.credentials, pageSize)
      expect(await everyPage(replay.url, principal!, pageSize)).toEqual(before)
      expect(before).toHaveLength(1 + 2 * (Math.ceil(120 / pageSize) + 2))
    }
  })

  test('the file: a valid state, written as the fixtures are, without the target secret, icons at --icons-origin', async () => {
    const text = readFileSync(out, 'utf8')
    const state = JSON.parse(text)
    validateState(state)
    expect(text).toBe(`${JSON.stringify(state, null, 2)}\n`)
    expect(text).not.toContain(original.api.credentials.apiSecret)
    expect(text).not.toContain(original.api.credentials.apiKey)
    expect(state.organizations.map((o: { id: string }) => o.id)).toEqual([original.api.principals[0]!.organization])
    expect(state.accounts).toHaveLength(1)
    const icon = state.applications[0]!.icons.small
    expect(icon.startsWith(`${replay.url}/api/icons/img_`)).toBe(true)
    const response = await fetch(icon)
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'image/webp'])
  })

  test('createMockApi({ state }) and POST /__admin/state take the file as it is', async () => {
    const state = JSON.parse(readFileSync(out, 'utf8'))
    const api = createMockApi({ state })
    await api.ready
    expect(api.snapshot()).toEqual(state)
    const response = await fetch(`${replay.url}/__admin/state`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(state) })
    expect(response.status).toBeLessThan(300)
  })
})
