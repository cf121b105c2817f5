import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { authHeaders, freePort, runCli, startCli } from './cli-process.ts'

describe.concurrent('workspace-api-mock flags', () => {
  test('--port, --host, --scenario multi-tenant: every principal is printed and works', async () => {
    const port = await freePort()
    const cli = await startCli(['--port', String(port), '--host', '127.0.0.1', '--scenario', 'multi-tenant', '--seed', '3'])
    try {
      expect(cli.url).toBe(`http://127.0.0.1:${port}`)
      expect(cli.principals).toHaveLength(2)
      const lists = await Promise.all(
        cli.principals.map(async (p) => (await (await fetch(`${cli.url}/api/workspaces`, { headers: authHeaders(p) })).json()).data),
      )
      const organizations = lists.map((data: Array<{ organization: string }>) => new Set(data.map((w) => w.organization)))
      expect(organizations.map((set) => set.size)).toEqual([1, 1])
      expect([...organizations[0]!][0]).not.toBe([...organizations[1]!][0])
    } finally {
      await cli.stop()
    }
  })

  test('--api-key and --api-secret replace the first principal credentials', async () => {
    const cli = await startCli(['--scenario', 'demo', '--api-key', 'dev-key', '--api-secret', 'dev-secret'])
    try {
      const generated = createMockApi({ scenario: 'demo', strict: false }).principals
      expect(cli.principals[0]).toEqual({ apiKey: 'dev-key', apiSecret: 'dev-secret' })
      expect(cli.principals[1]).toEqual({ apiKey: generated[1]!.apiKey, apiSecret: generated[1]!.apiSecret })
      expect(cli.curls[0]).toContain("'X-API-Key: dev-key'")
      const ok = await fetch(`${cli.url}/api/workspaces`, { headers: { 'X-API-Key': 'dev-key', 'X-API-Secret': 'dev-secret' } })
      expect(ok.status).toBe(200)
      const old = await fetch(`${cli.url}/api/workspaces`, { headers: authHeaders(generated[0]!) })
      expect(old.status).toBe(401)
    } finally {
      await cli.stop()
    }
  })

  test('--api-secret alone keeps the generated key', async () => {
    const cli = await startCli(['--scenario', 'empty', '--api-secret', 's3cr3t'])
    try {
      const generated = createMockApi({ scenario: 'empty', strict: false }).credentials
      expect(cli.principals).toEqual([{ apiKey: generated.apiKey, apiSecret: 's3cr3t' }])
      const response = await fetch(`${cli.url}/api/workspaces`, { headers: authHeaders(cli.principals[0]!) })
      expect(await response.json()).toMatchObject({ data: [], success: true })
    } finally {
      await cli.stop()
    }
  })

  test('--help lists every flag and exits 0; --version prints the version', async () => {
    const help = await runCli(['--help'])
    expect(help.code).toBe(0)
    for (const flag of ['--port', '--host', '--scenario', '--seed', '--api-key', '--api-secret', '--help']) {
      expect(help.stdout).toContain(flag)
    }
    expect(help.stdout).toContain('scale:<workspaces>x<apps>')
    const version = await runCli(['--version'])
    expect(version).toMatchObject({ code: 0, stdout: `${JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version}\n` })
  })

  // Every message is checked in flags.test.ts; here the process: stderr, nothing on stdout, exit code 2.
  test.each([
    [['--port', 'abc'], '--port must be an integer from 0 to 65535, got "abc"'],
    [['--prot', '4010'], 'unknown flag --prot (did you mean --port?)'],
    [['--scenario', 'huge'], '--scenario: Unknown scenario "huge"'],
    [['start'], 'unknown command "start"'],
  ])('%j: a clear message and exit code 2', async (args, message) => {
    const result = await runCli(args)
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(`workspace-api-mock: ${message}`)
    expect(result.stderr).toContain('Run "workspace-api-mock --help"')
  })

  test('an --api-key that another principal already has: a clear message and exit code 1', async () => {
    const taken = createMockApi({ scenario: 'demo', strict: false }).principals[1]!.apiKey
    const result = await runCli(['--port', '0', '--api-key', taken])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`the API key "${taken}" already belongs to principal`)
  })
})
