/**
 * A hostile service for `record` and `verify`: the API as an in-process mock answers it (the `demo` scenario),
 * turned hostile in one way per mode. The mode is the first segment of the path, so one server serves them
 * all: the target of a mode is `<url>/<mode>`, and the commands keep a base URL's path.
 */
import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { gzipSync } from 'node:zlib'
import { createMockApi, type MockApi } from '../../src/index.ts'
import { deep } from './nested-json.ts'

const ORIGIN = 'http://hostile.test'
const MiB = 1024 * 1024

/** What a mode works with: the request, the honest answer (read on demand), and the socket's answer. */
interface Exchange {
  url: URL
  request: IncomingMessage
  honest(): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }>
  response: ServerResponse
}

type Mode = (exchange: Exchange) => unknown

const json = (response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) =>
  response.writeHead(status, { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json', ...headers }).end(body)

/** Sends the honest answer with `change` applied to its JSON. */
const changed = (change: (body: Record<string, unknown>, exchange: Exchange) => string | Record<string, unknown> | undefined): Mode => async (exchange) => {
  const answer = await exchange.honest()
  const result = change(answer.json, exchange) ?? answer.json
  json(exchange.response, answer.status, typeof result === 'string' ? result : JSON.stringify(result), headersOf(answer.headers))
}

/** The honest answer's headers but those of its body's type, length and encoding, which `json` sets anew. */
const headersOf = (headers: Headers): Record<string, string> =>
  Object.fromEntries([...headers].filter(([name]) => !['content-type', 'content-length', 'content-encoding', 'transfer-encoding'].includes(name)))

const isList = (exchange: Exchange, path: string) => exchange.url.pathname === `/api/${path}` && exchange.request.method === 'GET'
const isProblem = (body: Record<string, unknown>) => typeof body.title === 'string' && typeof body.status === 'number'

/** A stand-in for raw JSON text in a value: `withRaw` puts the text in its place. */
const RAW = '\u0000raw\u0000'

/** The JSON text of `value`, each RAW stand-in replaced by `raw` (a value too deep to build and stringify). */
const withRaw = (value: unknown, raw: string) => JSON.stringify(value).replaceAll(JSON.stringify(RAW), raw)

const hex = (n: number) => n.toString(16).padStart(32, '0')

/** Writes `chunk` for as long as the client reads (at most `limit` bytes), after `head`. */
async function flood(response: ServerResponse, head: string | Buffer, chunk: string | Buffer, limit: number): Promise<void> {
  async function* chunks() {
    yield head
    for (let sent = 0; sent < limit && !response.destroyed; sent += chunk.length) yield chunk
  }
  await pipeline(Readable.from(chunks()), response).catch(() => {})
}

/** Pages of 100 new applications each (their `description` `size` characters long), claiming 10^12. */
function pagesOf(size: number): Mode {
  const description = 'x'.repeat(size)
  return (exchange) => {
    if (!isList(exchange, 'applications')) return changed(() => undefined)(exchange)
    const page = Number(exchange.url.searchParams.get('current_page'))
    const workspace = String(exchange.request.headers['x-workspace-id'])
    const data = Array.from({ length: 100 }, (_, i) => ({ id: `app_${hex(page * 100 + i)}`, workspace, description }))
    json(exchange.response, 200, JSON.stringify({ data, current_page: page, page_size: 100, total: 1e12 }))
  }
}

export const MODES = {
  /** The mock as it answers: for what a hostile service is compared with. */
  honest: changed(() => undefined),
  /** 1. A 20 MB page. */
  huge: changed((body) => ({ ...body, padding: 'x'.repeat(20 * MiB) })),
  /** 1. A body that never ends. */
  endless: ({ response }) => {
    response.writeHead(200, { 'Content-Type': 'application/json' })
    return flood(response, '{"data":[', `{"id":"wse_${hex(1)}"},`.repeat(1500), 4096 * MiB)
  },
  /** 1. A gzip bomb: 400 MB of JSON whitespace in 400 KB (gzip members one after the other, each 1 MiB unpacked). */
  'gzip-bomb': ({ response }) => {
    response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' })
    const member = gzipSync(' '.repeat(MiB), { level: 9 })
    return flood(response, gzipSync('{"data":'), member, 400 * member.length)
  },
  /** 2. Pages that claim 10^12 applications, each with 100 new ones. */
  claims: pagesOf(0),
  /** 2. Pages of 100 new applications of 10 KB each (1 MB a page), claiming 10^12. */
  fat: pagesOf(10_000),
  /** 2. The same at the bound of one answer: 100 applications of 83 KB each (8 MB a page). */
  'fat-8mib': pagesOf(83_000),
  /** 2. Records at both bounds of a run at once: 100,000 of them 2 KB each. */
  wide: pagesOf(1_900),
  /** 2, 12. One page of 100 applications, whatever page is asked for, claiming 10^12. */
  repeats: (exchange) => {
    if (!isList(exchange, 'applications')) return changed(() => undefined)(exchange)
    const workspace = String(exchange.request.headers['x-workspace-id'])
    const data = Array.from({ length: 100 }, (_, i) => ({ id: `app_${hex(i)}`, workspace }))
    json(exchange.response, 200, JSON.stringify({ data, current_page: 1, page_size: 100, total: 1e12 }))
  },
  /** 3. 100,000-deep JSON as an application page's `total`. */
  'deep-total': changed((body, exchange) => (isList(exchange, 'applications') ? withRaw({ ...body, total: RAW }, deep(100_000)) : undefined)),
  /** 3. Two workspaces whose `organization` is 100,000-deep JSON. */
  'deep-organization': changed((body, exchange) => {
    if (!isList(exchange, 'workspaces')) return undefined
    const [first, second] = body.data as Array<Record<string, unknown>>
    return withRaw({ ...body, data: [{ ...first, organization: RAW }, { ...second, organization: RAW }] }, deep(100_000))
  }),
  /** 3. An application whose `workspace` is 100,000-deep JSON. */
  'deep-workspace': changed((body, exchange) => {
    if (!isList(exchange, 'applications')) return undefined
    const [first, ...rest] = body.data as Array<Record<string, unknown>>
    return withRaw({ ...body, data: [{ ...first, workspace: RAW }, ...rest] }, deep(100_000))
  }),
  /** 3. Every problem's `errors[0].value` 100,000-deep (and problems given errors). */
  'deep-error-value': changed((body) => (isProblem(body) ? withRaw({ ...body, errors: [{ location: 'x', message: 'y', value: RAW }] }, deep(100_000)) : undefined)),
  /** 3. Every problem's `title` a 100,000-deep array. */
  'deep-title': changed((body) => (isProblem(body) ? withRaw({ ...body, title: RAW }, `${'['.repeat(100_000)}${']'.repeat(100_000)}`) : undefined)),
  /** 3. Every record's `created` 100,000-deep. */
  'deep-created': changed((body) => {
    if (!Array.isArray(body.data) || body.data.length === 0) return undefined
    return withRaw({ ...body, data: body.data.map((record: object) => ({ ...record, created: RAW })) }, deep(100_000))
  }),
  /** 3. A workspace id with a control character (it goes out as `X-Workspace-ID`). */
  'control-id': changed((body, exchange) => {
    if (!isList(exchange, 'workspaces')) return undefined
    return { ...body, data: (body.data as Array<Record<string, unknown>>).map((record) => ({ ...record, id: `${String(record.id)}\u0001` })) }
  }),
  /** 3. Headers, then nothing: the body stalls. */
  stall: ({ response }) => {
    response.writeHead(200, { 'Content-Type': 'application/json' })
    response.flushHeaders()
    response.write('{"data":[')
  },
  /** 4. A problem whose detail sets the window title, clears the screen, colours and forges a line. */
  'escape-detail': ({ response }) =>
    json(response, 404, JSON.stringify({ title: 'Not Found', status: 404, detail: '\u001b]0;owned\u0007\u001b[2J\u001b[31mred\nworkspace-api-mock record: forged' })),
  /** 4. An application with a 1 MB id, listed under a workspace it does not name. */
  'long-id': changed((body, exchange) => {
    if (!isList(exchange, 'applications')) return undefined
    const [first, ...rest] = body.data as Array<Record<string, unknown>>
    return { ...body, data: [{ ...first, id: `app_${'\u001b[2J'.repeat(256 * 1024)}`, workspace: 'wse_0' }, ...rest] }
  }),
  /** 4. Every problem's `title` 7 MB long: each check keeps 1,000 characters of it. */
  'long-title': changed((body) => (isProblem(body) ? { ...body, title: 'x'.repeat(7_000_000) } : undefined)),
  /** 4. Every problem's `title` with a newline and a forged summary line. */
  'forged-title': changed((body) => (isProblem(body) ? { ...body, title: `${body.title as string}\nsame         forged.check  GET /api/forged  200  [Forged]` } : undefined)),
  /** 5. Every paging value refused: verify finds max below min. */
  'refuses-paging': async (exchange) => {
    const { searchParams } = exchange.url
    if (!isList(exchange, 'applications') || !(searchParams.has('page_size') || searchParams.has('current_page'))) return changed(() => undefined)(exchange)
    json(exchange.response, 422, JSON.stringify({ title: 'Unprocessable Entity', status: 422, detail: 'no paging', errors: [{ location: 'query.page_size', message: 'refused', value: '1' }] }))
  },
  /** 5. A default `current_page` of 99999999999, beyond any profile. */
  'huge-default': changed((body, exchange) => (isList(exchange, 'applications') && body.current_page === 1 && !exchange.url.search ? { ...body, current_page: 99_999_999_999 } : undefined)),
  /** 12. Redirects, which the commands do not follow. */
  'redirect-301': ({ response }) => response.writeHead(301, { Location: 'https://elsewhere.example/api/workspaces' }).end(),
  'redirect-307': ({ response }) => response.writeHead(307, { Location: 'https://elsewhere.example/api/workspaces' }).end(),
} satisfies Record<string, Mode>

export type ModeName = keyof typeof MODES

export interface HostileService {
  /** The base URL of a mode, for `--target`. */
  target(mode: ModeName): string
  /** The principal of the mock behind it. */
  credentials: { apiKey: string; apiSecret: string }
  close(): Promise<void>
}

export async function hostileService(): Promise<HostileService> {
  const api: MockApi = createMockApi({ scenario: 'demo', seed: 1, baseUrl: ORIGIN, strict: false, journalLimit: 0 })
  await api.ready
  const server = createServer((request, response) => {
    const [, mode, ...rest] = request.url!.split('/')
    const url = new URL(`/${rest.join('/')}`, ORIGIN)
    const honest = async () => {
      const headers = new Headers()
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string' && name !== 'host') headers.set(name, value)
      const answer = (await api.handle(new Request(url, { method: request.method, headers })))!
      const text = await answer.text()
      return { status: answer.status, headers: answer.headers, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> }
    }
    const run = MODES[mode as ModeName] as Mode | undefined
    if (!run) return void response.writeHead(404).end()
    void Promise.resolve(run({ url, request, honest, response })).catch(() => response.destroy())
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    target: (mode) => `${base}/${mode}`,
    credentials: api.credentials,
    async close() {
      server.closeAllConnections()
      server.close()
      await once(server, 'close')
    },
  }
}
