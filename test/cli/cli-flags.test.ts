import { readFileSync } from 'node:fs'
import { request } from 'node:http'
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

  test('--admin-token, --allowed-host, --max-records: the banner carries the token, the admin needs it and knows the name', async () => {
    const token = 'cli-flags-admin-token-0123'
    const cli = await startCli(['--scenario', 'empty', '--admin-token', token, '--allowed-host', 'mock.example.test', '--max-records', '50'])
    try {
      expect(cli.stdout()).toContain(`Admin: ${cli.url}/__admin/?token=${token} (open it in a browser`)
      expect(cli.stdout()).toContain(`Admin token: ${token}  (send Authorization: Bearer <token>`)
      expect(cli.stdout()).toContain(`Sessions: curl -H 'Authorization: Bearer ${token}' -X POST ${cli.url}/__admin/sessions`)
      expect((await fetch(`${cli.url}/__admin/info`)).status).toBe(401)
      const bearer = { Authorization: `Bearer ${token}` }
      expect((await fetch(`${cli.url}/__admin/info`, { headers: bearer })).status).toBe(200)
      const big = await fetch(`${cli.url}/__admin/sessions`, {
        method: 'POST',
        headers: { ...bearer, 'Content-Type': 'application/json' },
        body: JSON.stringify({ scenario: 'scale:5x10' }),
      })
      expect(big.status).toBe(422)
      expect((await big.json()).detail).toBe("the scenario holds 55 records, over this server's bound of 50 (--max-records)")
      const { port } = new URL(cli.url)
      const named = await new Promise<number>((resolve, reject) => {
        request({ port, host: '127.0.0.1', path: '/__admin/info', headers: { ...bearer, Host: 'mock.example.test' } }, (response) => {
          response.resume()
          resolve(response.statusCode!)
        }).on('error', reject).end()
      })
      expect(named).toBe(200)
    } finally {
      await cli.stop()
    }
  })

  test('--host beyond loopback without --admin-token: a token is generated, printed, and needed', async () => {
    const cli = await startCli(['--scenario', 'empty', '--host', '0.0.0.0', '--port', String(await freePort())])
    try {
      const token = /^Admin token \(generated: the server listens beyond loopback\): (\S+) {2}/m.exec(cli.stdout())?.[1]
      expect(token).toMatch(/^[\w-]{32}$/)
      expect(cli.stdout()).toContain(`/__admin/?token=${token} (open it in a browser`)
      const local = `http://127.0.0.1:${new URL(cli.url).port}`
      expect((await fetch(`${local}/__admin/info`)).status).toBe(401)
      expect((await fetch(`${local}/__admin/info`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200)
    } finally {
      await cli.stop()
    }
  })

  test('--help lists every flag and exits 0; --version prints the version', async () => {
    const help = await runCli(['--help'])
    expect(help.code).toBe(0)
    for (const flag of ['--port', '--host', '--scenario', '--seed', '--api-key', '--api-secret', '--max-records', '--body-timeout', '--admin-token', '--allowed-host', '--help']) {
      expect(help.stdout).toContain(flag)
    }
    expect(help.stdout).toContain('scale:<workspaces>x<apps>')
    // The module flag's line says what it does, then what the module holds.
    expect(help.stdout).toMatch(/^ {6}--operations <module\.ts> {2,}Also serve operations and fields of your own, from a \.js\/\.ts module whose default export is an array of\n {30,}defineOperation\(\)s and whose export `fields` declares fields \(docs\/extending\.md\)$/m)
    const version = await runCli(['--version'])
    expect(version).toMatchObject({ code: 0, stdout: `${JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version}\n` })
  })

  // Every message is checked in flags.test.ts; here the process: stderr, nothing on stdout, exit code 2.
  test.each([
    [['--port', 'abc'], '--port must be an integer from 0 to 65535, got "abc"'],
    [['--prot', '4010'], 'unknown flag --prot (did you mean --port?)'],
    [['--scenario', 'huge'], '--scenario: Unknown scenario "huge"'],
    [['start'], 'unknown command "start"'],
    [['--admin-token', 'short'], '--admin-token must be at least 16 printable ASCII characters without spaces'],
    [['--allowed-host', 'x.test:80'], '--allowed-host must be a host name such as mock.example.com or .example.com, got "x.test:80"'],
    [['--max-records', '0'], '--max-records must be an integer from 1 to 100000000, got "0"'],
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
