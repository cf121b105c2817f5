import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { authHeaders, startCli, type RunningCli } from './cli-process.ts'

const run = promisify(execFile)

/** curl with `--silent --show-error`, returning the body and, via -w, status and content type. */
async function curl(args: readonly string[]): Promise<{ status: number; contentType: string; body: string }> {
  const marker = '\n--curl--'
  const { stdout } = await run('curl', ['-sS', '-w', `${marker}%{http_code} %{content_type}`, ...args], {
    encoding: 'utf8',
  })
  const at = stdout.lastIndexOf(marker)
  const [status, contentType = ''] = stdout.slice(at + marker.length).split(' ')
  return { status: Number(status), contentType, body: stdout.slice(0, at) }
}

describe('workspace-api-mock serving the demo scenario', () => {
  const SEED = 7
  let cli: RunningCli
  beforeAll(async () => {
    cli = await startCli(['--scenario', 'demo', '--seed', String(SEED)])
  })
  afterAll(() => cli?.stop())

  /** The same scenario built in this process, with icons on the server's origin: what the server must serve. */
  const expected = () => createMockApi({ scenario: 'demo', seed: SEED, assetsOrigin: cli.url, strict: false })

  test('prints the base URL, every principal with credentials, and sample curl lines', () => {
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const api = expected()
    expect(cli.principals).toEqual(api.principals.map(({ apiKey, apiSecret }) => ({ apiKey, apiSecret })))
    expect(cli.principals.length).toBe(2)
    expect(cli.stdout()).toContain('scenario demo, seed 7')
    expect(cli.curls).toHaveLength(2)
    expect(cli.curls[0]).toContain(`${cli.url}/api/workspaces`)
    expect(cli.stdout()).toContain(`API reference: ${cli.url}/api/docs (OpenAPI: ${cli.url}/api/openapi.json)`)
    expect(cli.stderr()).toBe('')
  })

  test('the printed curl lines work as printed', async () => {
    for (const line of cli.curls) {
      const { stdout } = await run('sh', ['-c', `${line} -sS -w '\\n%{http_code}'`], { encoding: 'utf8' })
      const status = stdout.slice(stdout.lastIndexOf('\n') + 1)
      expect(status, line).toBe('200')
      expect(JSON.parse(stdout.slice(0, stdout.lastIndexOf('\n'))).success).toBe(true)
    }
  })

  test('fetch: lists exactly the workspaces the scenario builds, icons on the server origin', async () => {
    const response = await fetch(`${cli.url}/api/workspaces`, { headers: authHeaders(cli.principals[0]!) })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/json')
    expect(response.headers.get('Link')).toBe('</api/schemas/SuccessResponseListWorkspaceBody.json>; rel="describedBy"')
    const body = await response.json()
    expect(body.$schema).toBe(`${cli.url}/api/schemas/SuccessResponseListWorkspaceBody.json`)
    const api = expected()
    await api.ready
    const ids = api.db.workspaces.all().map((w) => w.id)
    expect(body.data.map((w: { id: string }) => w.id).sort()).toEqual(ids.sort())
    expect(body.data[0].icons.base).toMatch(new RegExp(`^${cli.url}/api/icons/img_[0-9a-f]+_512\\.webp$`))
  })

  test('fetch: applications page, with X-Workspace-ID', async () => {
    const api = expected()
    await api.ready
    const workspace = api.db.workspaces.all()[0]!
    const response = await fetch(`${cli.url}/api/applications?current_page=1&page_size=10`, {
      headers: authHeaders(cli.principals[0]!, { 'X-Workspace-ID': workspace.id }),
    })
    expect(response.status).toBe(200)
    const body = await response.json()
    const total = api.db.applications.all().filter((a) => a.workspace === workspace.id).length
    expect(body).toMatchObject({ current_page: 1, page_size: 10, success: true, total })
    expect(body.data.every((a: { workspace: string }) => a.workspace === workspace.id)).toBe(true)
  })

  test('fetch: create, update and get a workspace round trip over the socket', async () => {
    const headers = authHeaders(cli.principals[0]!, { 'Content-Type': 'application/json' })
    const created = await fetch(`${cli.url}/api/workspaces`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Socket Team', description: 'made over HTTP', domain: 'socket' }),
    })
    expect(created.status).toBe(200)
    const { data } = await created.json()
    expect(data).toMatchObject({ name: 'Socket Team', domain: 'socket' })
    expect(data.icons.small.startsWith(`${cli.url}/api/icons/`)).toBe(true)

    const updated = await fetch(`${cli.url}/api/workspaces/${data.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ name: 'Socket Team 2' }),
    })
    expect(updated.status).toBe(200)
    const got = await fetch(`${cli.url}/api/workspaces/${data.id}`, { headers: authHeaders(cli.principals[0]!) })
    expect((await got.json()).data).toMatchObject({ id: data.id, name: 'Socket Team 2', description: 'made over HTTP' })
  })

  test('curl: create a workspace and read it back', async () => {
    const p = cli.principals[0]!
    const auth = ['-H', `X-API-Key: ${p.apiKey}`, '-H', `X-API-Secret: ${p.apiSecret}`]
    const created = await curl([
      ...auth,
      '-H',
      'Content-Type: application/json',
      '-d',
      '{"name":"Curl Team","description":"from curl"}',
      `${cli.url}/api/workspaces`,
    ])
    expect(created.status).toBe(200)
    expect(created.contentType).toBe('application/json')
    const id = JSON.parse(created.body).data.id as string
    const read = await curl([...auth, `${cli.url}/api/workspaces/${id}`])
    expect(read.status).toBe(200)
    expect(JSON.parse(read.body).data).toMatchObject({ id, name: 'Curl Team', description: 'from curl' })
  })

  test('curl and fetch: icons of the records are served as image/webp', async () => {
    const list = await (await fetch(`${cli.url}/api/workspaces`, { headers: authHeaders(cli.principals[0]!) })).json()
    const icons = list.data[0].icons as Record<string, string>
    for (const [member, variant] of [['base', '512.webp'], ['medium', '192.webp'], ['small', '72.webp'], ['original', 'original']] as const) {
      const response = await fetch(icons[member]!)
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('image/webp')
      const bytes = Buffer.from(await response.arrayBuffer())
      expect(bytes.equals(readFileSync(new URL(`../../fixtures/icons/${variant}`, import.meta.url)))).toBe(true)
    }
    const viaCurl = await curl(['-o', '/dev/null', icons.small!])
    expect(viaCurl).toMatchObject({ status: 200, contentType: 'image/webp' })
  })

  test('errors are the kit problems: 401 without credentials, 404 under /api, 405 with Allow', async () => {
    const unauthenticated = await curl([`${cli.url}/api/workspaces`])
    expect(unauthenticated.status).toBe(401)
    expect(unauthenticated.contentType).toBe('application/problem+json')
    expect(JSON.parse(unauthenticated.body)).toMatchObject({ status: 401, title: 'Unauthorized' })

    const unknown = await fetch(`${cli.url}/api/nothing-here`, { headers: authHeaders(cli.principals[0]!) })
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('Content-Type')).toBe('application/problem+json')

    const wrongMethod = await fetch(`${cli.url}/api/workspaces`, { method: 'DELETE', headers: authHeaders(cli.principals[0]!) })
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('Allow')).toContain('POST')
  })

  test('outside /api: a hint at / and a plain 404 elsewhere', async () => {
    const root = await fetch(`${cli.url}/`)
    expect(root.status).toBe(200)
    expect(await root.text()).toContain(`${cli.url}/api/`)
    const other = await fetch(`${cli.url}/favicon.ico`)
    expect(other.status).toBe(404)
  })

  test('CORS preflight allows the API headers and methods for another origin', async () => {
    const response = await fetch(`${cli.url}/api/workspaces/wse_0123`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://app.example.test:5173',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type,x-api-key,x-api-secret,x-workspace-id',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('http://app.example.test:5173')
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('PUT')
    const allowed = response.headers.get('Access-Control-Allow-Headers')!.toLowerCase().split(/,\s*/)
    expect(allowed).toEqual(expect.arrayContaining(['content-type', 'x-api-key', 'x-api-secret', 'x-workspace-id']))
  })

  test('CORS on the actual response: origin reflected, Link exposed (curl)', async () => {
    const { stdout } = await run('curl', ['-sS', '-D', '-', '-o', '/dev/null', '-H', 'Origin: http://ui.example.test', `${cli.url}/api/workspaces`], {
      encoding: 'utf8',
    })
    expect(stdout).toMatch(/^access-control-allow-origin: http:\/\/ui\.example\.test\r?$/im)
    expect(stdout).toMatch(/^access-control-expose-headers: .*Link/im)
  })
})
