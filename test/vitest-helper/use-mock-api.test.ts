import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { HttpResponse, http } from 'msw'
import { describe, expect, test } from 'vitest'
import { useMockApi } from '../../src/vitest/index.ts'

const api = useMockApi({ scenario: 'demo', seed: 21 })
const headers = () => ({ 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret })
const list = async () => (await (await fetch('https://any.test/api/workspaces', { headers: headers() })).json()).data

// Tests in a file run in order (no .concurrent here); they rely on the helper's afterEach between them.
describe('useMockApi', () => {
  let initialCount = 0

  test('1: starts the server with the scenario loaded, and lets a test write', async () => {
    initialCount = (await list()).length
    expect(initialCount).toBeGreaterThanOrEqual(3)
    const res = await fetch('https://any.test/api/workspaces', {
      method: 'POST',
      headers: { ...headers(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'temporary' }),
    })
    expect(res.status).toBe(200)
    api.faults.fail('getWorkspace', { status: 503 })
    api.server.use(http.get('https://any.test/api/extra', () => HttpResponse.json({ ok: true })))
    expect(api.journal.entries.length).toBeGreaterThan(0)
  })

  test('2: after each test, state, faults, server.use handlers and the journal are back to the start', async () => {
    expect(api.journal.entries).toHaveLength(0)
    expect(api.faults.size).toBe(0)
    expect(await list()).toHaveLength(initialCount)
    const extra = await fetch('https://any.test/api/extra')
    expect(extra.status).toBe(404)
  })

  test('3: unhandled requests are errors by default (onUnhandledFrame: "error")', async () => {
    await expect(fetch('https://not-mocked.test/elsewhere')).rejects.toThrow()
  })
})

test('a contract violation fails the test that caused it', () => {
  const fixture = fileURLToPath(new URL('./fixtures/violation.spec.ts', import.meta.url))
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const vitest = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url))
  const attachments = mkdtempSync(join(tmpdir(), 'wam-vitest-helper-'))
  const run = spawnSync(process.execPath, [vitest, 'run', '--root', root, '--config', 'test/vitest-helper/fixtures/vitest.config.ts', fixture], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0', WAM_EVIDENCE_DIR: attachments },
  })
  rmSync(attachments, { recursive: true, force: true })
  const output = run.stdout + run.stderr
  expect(run.status, output).not.toBe(0)
  expect(output).toContain('contract violations in this test')
  expect(output).toMatch(/listWorkspaces \(200 SuccessResponseListWorkspaceBody\): \$schema/)
  expect(output).toMatch(/1 failed/)
})

test("in Vitest's main process (its config, its reporters) the entry loads neither the mock nor msw, and useMockApi says where it belongs", () => {
  const entry = new URL('../../src/vitest/index.ts', import.meta.url).href
  // A Node process as Vitest's main one is (VITEST set, no worker number), every module it loads recorded.
  const script = `
    import { registerHooks } from 'node:module'
    const loaded = []
    registerHooks({ resolve(specifier, context, next) { const found = next(specifier, context); loaded.push(found.url); return found } })
    const { default: Reporter, useMockApi } = await import(${JSON.stringify(entry)})
    let said
    try { useMockApi() } catch (error) { said = error.message }
    console.log(JSON.stringify({ reporter: typeof Reporter, said, loaded: loaded.filter((url) => /[/\\\\](msw|@mswjs)[/\\\\]|[/\\\\]src[/\\\\](api|coverage|handlers)[/\\\\]/.test(url)) }))`
  const env: NodeJS.ProcessEnv = { ...process.env, VITEST: 'true' }
  delete env.VITEST_WORKER_ID
  delete env.VITEST_POOL_ID
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env })
  expect(run.stderr).toBe('')
  expect(JSON.parse(run.stdout)).toEqual({
    reporter: 'function',
    said: 'useMockApi belongs in a test file: Vitest runs those in its workers, not in the process that loads its config and reporters',
    loaded: [],
  })
})
