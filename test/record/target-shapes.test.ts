/**
 * `record` against small services of its own (node:http) that answer as a real one might: the spec's
 * sample shapes, fields the spec does not list, icons elsewhere, lists that change while paged, failures.
 * The command runs in this process: what it writes, prints and asks is what is checked.
 */
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { buildApplication, buildWorkspace, createMockApi } from '../../src/index.ts'
import { record } from '../../src/cli/record.ts'

const folder = mkdtempSync(join(tmpdir(), 'wam-record-shapes-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

type Handler = (request: IncomingMessage, url: URL, response: ServerResponse) => void

/** A service on a free port; every request it saw, and the most that were open at once. */
async function service(handler: Handler) {
  const seen: Array<{ url: string; headers: IncomingMessage['headers'] }> = []
  let open = 0
  let mostOpen = 0
  const server = createServer((request, response) => {
    seen.push({ url: request.url!, headers: request.headers })
    mostOpen = Math.max(mostOpen, ++open)
    response.on('close', () => open--)
    handler(request, new URL(request.url!, 'http://x'), response)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  return { url, seen, mostOpen: () => mostOpen, close: () => (server.closeAllConnections(), server.close()) }
}

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json' }).end(JSON.stringify(body))

/** A service that serves these records as the API does, with `total` as given (default: the count). */
function api(workspaces: object[], applications: Array<{ workspace: string }>, total?: (all: number) => number): Handler {
  return (request, url, response) => {
    if (url.pathname === '/api/workspaces') return json(response, 200, { $schema: 'x', data: workspaces, success: true })
    const page = Number(url.searchParams.get('current_page'))
    const size = Number(url.searchParams.get('page_size'))
    const all = applications.filter((a) => a.workspace.slice(4) === String(request.headers['x-workspace-id']).slice(4))
    json(response, 200, { $schema: 'x', current_page: page, data: all.slice((page - 1) * size, page * size), page_size: size, success: true, total: total ? total(all.length) : all.length })
  }
}

async function run(args: string[], tty = false) {
  let stdout = ''
  let stderr = ''
  const out = join(folder, `${Math.random().toString(36).slice(2)}.json`)
  const code = await record([...args, '--api-key', 'k', '--api-secret', 'target-secret', '--out', out], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { isTTY: tty, write: (text: string) => (stderr += text) },
  })
  const text = code === 0 ? readFileSync(out, 'utf8') : undefined
  return { code, stdout, stderr, text, file: text === undefined ? undefined : JSON.parse(text) }
}

describe('a service in the shapes of the spec sample', () => {
  const hex = 'ab'.repeat(16)
  const workspace = { ...buildWorkspace({ name: 'Shop' }), id: `app_${hex}`, color: 'blue', icons: { base: 'https://cdn.example.com/w/1.png', medium: 'm', small: 's', original: 'o' } }
  const applications = Array.from({ length: 230 }, () => ({ ...buildApplication({ workspace: `wse_${hex}` }), owner: 'extra' }))

  test('the workspace keyed wse_, unknown fields left out, icons at the mock, the principal as given, progress on a terminal', async () => {
    const target = await service(api([workspace], applications))
    const result = await run(['--target', target.url, '--rate', '1000', '--as-key', 'mine', '--as-secret', 'my-secret', '--icons-origin', 'http://127.0.0.1:5000'], true)
    target.close()
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('Recorded 1 workspace and 230 applications from')
    expect(result.stdout).toContain('Its principal: X-API-Key: mine\n')
    expect(result.stderr).toMatch(/Recording http:\/\/127\.0\.0\.1:\d+: ([01] of 1 workspace|workspaces), \d+ applications?, \d+ pages?/)
    const [recorded] = result.file.workspaces
    expect(recorded.id).toBe(`wse_${hex}`)
    expect(recorded).not.toHaveProperty('color')
    expect(result.file.applications[0]).not.toHaveProperty('owner')
    expect(recorded.icons.base).toMatch(/^http:\/\/127\.0\.0\.1:5000\/api\/icons\/img_[0-9a-f]{32}_512\.webp$/)
    expect(result.file.accounts[0]).toMatchObject({ apiKey: 'mine', apiSecret: 'my-secret', organization: workspace.organization })
    expect(JSON.stringify(result.file)).not.toContain('target-secret')
    // The API's largest pages, sent one at a time with the workspace's id as the service shows it.
    expect(target.seen.map((r) => r.url)).toEqual([
      '/api/workspaces?current_page=1&page_size=100',
      ...[1, 2, 3].map((page) => `/api/applications?current_page=${page}&page_size=100`),
    ])
    expect(target.seen.slice(1).map((r) => r.headers['x-workspace-id'])).toEqual([`app_${hex}`, `app_${hex}`, `app_${hex}`])
    expect(target.mostOpen()).toBe(1)
    const mock = createMockApi({ state: result.file })
    await mock.ready
    expect(mock.credentials).toEqual({ apiKey: 'mine', apiSecret: 'my-secret' })
  })

  test('the same data and --as-key/--as-secret: the same file', async () => {
    const target = await service(api([workspace], applications))
    const args = ['--target', target.url, '--rate', '1000', '--as-key', 'mine', '--as-secret', 'my-secret']
    const [first, second] = [await run(args), await run(args)]
    target.close()
    expect(second.text).toBe(first.text)
  })

  test('--rate spaces the requests out', async () => {
    const target = await service(api([workspace], applications))
    const started = performance.now()
    const result = await run(['--target', target.url, '--rate', '20'])
    target.close()
    expect(result.code).toBe(0)
    // Four requests at 20 per second: three gaps of 50 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(150)
  })

  test('a list shorter than its total: recorded, with a warning', async () => {
    const target = await service(api([workspace], applications.slice(0, 120), () => 150))
    const result = await run(['--target', target.url, '--rate', '1000'])
    target.close()
    expect(result.code).toBe(0)
    expect(result.file.applications).toHaveLength(120)
    expect(result.stderr).toContain(`warning: applications of workspace app_${hex}: the service said 150, 120 were read (did it change while recording?)`)
  })
})

describe('a service that asks to be asked later (429, 503)', () => {
  test('waits its Retry-After and asks again, up to three tries of a request', async () => {
    let refusals = 2
    const ok = api([buildWorkspace()], [])
    const target = await service((request, url, response) => {
      if (url.pathname === '/api/workspaces' && refusals-- > 0) return response.writeHead(429, { 'Retry-After': '0' }).end()
      ok(request, url, response)
    })
    const result = await run(['--target', target.url, '--rate', '1000'])
    target.close()
    expect(result.code).toBe(0)
    expect(target.seen.map((r) => r.url.split('?')[0])).toEqual(['/api/workspaces', '/api/workspaces', '/api/workspaces', '/api/applications'])
  })

  test('the third refusal, or a Retry-After over a minute, ends the recording', async () => {
    for (const retryAfter of ['0', '3600']) {
      const busy = await service((_q, _u, response) => response.writeHead(503, { 'Retry-After': retryAfter, 'Content-Type': 'application/problem+json' }).end(JSON.stringify({ detail: 'maintenance' })))
      const result = await run(['--target', busy.url, '--rate', '1000'])
      busy.close()
      expect(result.code).toBe(1)
      expect(result.stderr).toMatch(/answered 503 Service Unavailable to GET \/api\/workspaces\S*: maintenance\n$/)
      expect(busy.seen).toHaveLength(retryAfter === '0' ? 3 : 1)
    }
  })
})

describe('services the command refuses, in one line', () => {
  const two = [buildWorkspace({ organization: 'org_' + '1'.repeat(32) }), buildWorkspace({ organization: 'org_' + '2'.repeat(32) })]
  test.each([
    ['two organizations', api(two, []), 2, /the service's workspaces belong to 2 organizations \(org_1+, org_2+\); a principal sees one/],
    [
      'a record that does not fit the model',
      api([two[0]!], [{ ...buildApplication({ workspace: two[0]!.id }), port: 443 } as never]),
      2,
      /the service's records do not fit the mock's model: state\.applications\[0\] \(id app_\w+\): field port: Invalid input: expected string, received number/,
    ],
    [
      'applications listed under a workspace they do not name',
      ((_q, url, response) =>
        url.pathname === '/api/workspaces'
          ? json(response, 200, { data: two.slice(0, 1), success: true })
          : json(response, 200, { data: [buildApplication({ workspace: 'wse_' + 'f'.repeat(32) })], total: 1 })) as Handler,
      2,
      /the service listed application app_\w+ under workspace wse_\w+, but it names workspace wse_f+: does the service honour X-Workspace-ID\?/,
    ],
    ['a 500 problem', ((_q, _u, response) => json(response, 500, { status: 500, detail: 'database\nis down' })) as Handler, 1, /answered 500 Internal Server Error to GET \/api\/workspaces\S*: database\\nis down\n$/],
    ['a list that is not the API', ((_q, _u, response) => json(response, 200, { items: [] })) as Handler, 2, /the answer to GET \/api\/workspaces\S* is not the API's list envelope/],
    ['no answer in time', (() => {}) as Handler, 2, /did not answer GET \/api\/workspaces\S* within 0\.2 s \(--timeout\)\n$/],
    ['a redirect', ((_q, _u, response) => response.writeHead(301, { Location: 'https://elsewhere.example/api/workspaces' }).end()) as Handler, 2, /redirected GET \/api\/workspaces\S* to https:\/\/elsewhere\.example\/api\/workspaces \(301 Moved Permanently\): give the address/],
  ])('%s', async (_what, handler, exitCode, message) => {
    const target = await service(handler)
    const result = await run(['--target', target.url, '--rate', '1000', '--timeout', '200ms'])
    target.close()
    expect(result.code).toBe(exitCode)
    expect(result.stderr).toMatch(/^workspace-api-mock record: [^\n]+\n$/)
    expect(result.stderr).toMatch(message)
    expect(result.stderr).not.toContain('target-secret')
  })
})
