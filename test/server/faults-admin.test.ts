import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startCli, type RunningCli } from '../cli/cli-process.ts'

const auth = (cli: RunningCli) => ({
  'X-API-Key': cli.principals[0]!.apiKey,
  'X-API-Secret': cli.principals[0]!.apiSecret,
})

describe('fault flags', () => {
  let cli: RunningCli
  beforeAll(async () => {
    cli = await startCli(['--scenario', 'empty', '--latency', '120-160', '--fail-rate', '0.5', '--fail-status', '502'])
  })
  afterAll(() => cli.stop())

  test('the banner names the injected faults', () => {
    expect(cli.stdout()).toContain('Injected faults: latency 120-160 ms; 50% of requests fail with 502.')
  })

  test('--latency slows every request; --fail-rate fails a seeded fraction with --fail-status', async () => {
    const statuses: number[] = []
    const started = performance.now()
    for (let i = 0; i < 16; i++) {
      const res = await fetch(`${cli.url}/api/workspaces`, { headers: auth(cli) })
      statuses.push(res.status)
      if (res.status === 502) {
        expect(res.headers.get('Content-Type')).toBe('application/problem+json')
        expect(await res.json()).toMatchObject({ status: 502, title: 'Bad Gateway' })
      } else {
        await res.body?.cancel()
      }
    }
    expect(performance.now() - started).toBeGreaterThanOrEqual(16 * 115)
    expect(statuses.filter((s) => s === 502).length).toBeGreaterThan(2)
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(2)
  })
})

describe('invalid fault flags', () => {
  test.each([
    [['--latency', 'slow'], /--latency must be milliseconds up to 120000 or a range/],
    [['--latency', '800-200'], /--latency must be milliseconds up to 120000 or a range/],
    [['--fail-rate', '1.5'], /--fail-rate must be a number from 0 to 1/],
    [['--fail-status', '200'], /--fail-status must be an integer from 400 to 599/],
  ])('%j is refused with a clear message', async (args, message) => {
    await expect(startCli(args)).rejects.toThrow(message)
  })
})

describe('admin routes', () => {
  let cli: RunningCli
  beforeAll(async () => {
    cli = await startCli(['--scenario', 'demo', '--seed', '3'])
  })
  afterAll(() => cli.stop())
  const admin = (path: string, init: RequestInit = {}) =>
    fetch(`${cli.url}/__admin/${path}`, {
      ...init,
      headers: init.body ? { 'Content-Type': 'application/json' } : {},
    })

  test('POST /__admin/faults injects a fault; DELETE removes it', async () => {
    const added = await admin('faults', {
      method: 'POST',
      body: JSON.stringify({ type: 'fail', target: 'listWorkspaces', status: 503, times: 1 }),
    })
    expect(added.status).toBe(201)
    expect((await fetch(`${cli.url}/api/workspaces`, { headers: auth(cli) })).status).toBe(503)
    expect((await fetch(`${cli.url}/api/workspaces`, { headers: auth(cli) })).status).toBe(200)
    await admin('faults', { method: 'POST', body: JSON.stringify({ type: 'disconnect', target: 'GET /api/workspaces' }) })
    await expect(fetch(`${cli.url}/api/workspaces`, { headers: auth(cli) })).rejects.toThrow()
    expect((await admin('faults', { method: 'DELETE' })).status).toBe(200)
    expect((await fetch(`${cli.url}/api/workspaces`, { headers: auth(cli) })).status).toBe(200)
  })

  test('a bad fault description is a 422 problem naming the field', async () => {
    const res = await admin('faults', { method: 'POST', body: JSON.stringify({ type: 'fail', status: 200 }) })
    expect(res.status).toBe(422)
    expect(res.headers.get('Content-Type')).toBe('application/problem+json')
    expect((await res.json()).errors[0].location).toBe('body.status')
    const unknown = await admin('faults', { method: 'POST', body: JSON.stringify({ type: 'fail', target: 'nope' }) })
    expect(unknown.status).toBe(422)
    expect((await unknown.json()).detail).toMatch(/Unknown operation target "nope"/)
  })

  test('the journal lists requests (secret redacted); reset restores the state', async () => {
    await admin('journal', { method: 'DELETE' })
    const created = await fetch(`${cli.url}/api/workspaces`, {
      method: 'POST',
      headers: { ...auth(cli), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'from admin test' }),
    })
    expect(created.status).toBe(200)
    const journal = await (await admin('journal')).json()
    expect(journal.entries).toHaveLength(1)
    expect(journal.entries[0]).toMatchObject({
      operation: 'createWorkspace',
      body: { name: 'from admin test' },
      headers: { 'x-api-secret': '[redacted]' },
    })
    const before = await (await admin('snapshot')).json()
    expect(before.workspaces.some((w: { name: string }) => w.name === 'from admin test')).toBe(true)
    expect((await admin('reset', { method: 'POST' })).status).toBe(200)
    const after = await (await admin('snapshot')).json()
    expect(after.workspaces.some((w: { name: string }) => w.name === 'from admin test')).toBe(false)
    expect((await admin('nothing')).status).toBe(404)
  })
})
