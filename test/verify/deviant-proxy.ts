/**
 * A deviant target: the demo server behind a small proxy that changes its answers in seven known ways. Each
 * plant names the check ids it must turn to `differs`, and whether the profile can adopt it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Plant {
  name: string
  /** The check ids this change makes differ. */
  checks: RegExp
  /** Whether a profile knob adopts it (then verify with the written profile finds it `same`). */
  knob: boolean
}

export const PLANTS: readonly Plant[] = [
  { name: 'a status: OPTIONS answers 200, not 204', checks: /^methods\.options\.status$/, knob: false },
  { name: 'a bound: page_size above 50 is refused', checks: /^paging\.page_size-at-max\./, knob: true },
  { name: 'a header: no WWW-Authenticate on 401', checks: /\.www-authenticate$/, knob: true },
  { name: "a problem title: RFC 9110's phrases", checks: /\.title$/, knob: true },
  { name: 'a field: workspaces carry "archived"', checks: /^(workspaces\.(list|get)|create\.valid|update\.description)\.(fields|schema)$/, knob: false },
  { name: 'HEAD answers as GET', checks: /^methods\.head\./, knob: true },
  { name: 'another status: a page past the end is 404', checks: /^paging\.(past-the-end|current_page-at-max)\./, knob: true },
]

const RFC_TITLES: Record<number, string> = { 413: 'Content Too Large', 414: 'URI Too Long', 422: 'Unprocessable Content' }
const PAGE_SIZE_MAX = 50

export async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** A problem the deviant sends itself, in the mock's shape (its titles in RFC 9110's words). */
export function problem(origin: string, status: number, detail: string, errors?: unknown[]): ProxyAnswer {
  const body = { $schema: `${origin}/api/schemas/ErrorModel.json`, title: RFC_TITLES[status] ?? 'Not Found', status, detail, ...(errors ? { errors } : {}) }
  return {
    status,
    headers: { 'content-type': 'application/problem+json', link: '</api/schemas/ErrorModel.json>; rel="describedBy"' },
    body: JSON.stringify(body),
  }
}

/** The 422 the deviant sends for a page size above its own bound. */
const boundProblem = (origin: string, value: string) =>
  problem(origin, 422, 'validation failed', [{ message: `expected number <= ${PAGE_SIZE_MAX}`, location: 'query.page_size', value }])

/** An answer the proxy writes. */
export interface ProxyAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/**
 * Sends a request on to `upstream` as it came (the body read whole; `method` in place of its own) and
 * answers as upstream did, with the proxy's own origin in `$schema` (a reverse proxy shows its own) and no
 * hop-by-hop headers.
 */
export async function forward(upstream: string, request: IncomingMessage, origin: string, method = request.method!): Promise<ProxyAnswer> {
  return relay(upstream, origin, { method, url: request.url!, headers: headersOf(request), body: await bodyOf(request) })
}

/** A request's headers as the proxy sends them on: without those of its own connection. */
export function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (!['host', 'connection', 'content-length'].includes(name) && typeof value === 'string') headers.set(name, value)
  }
  return headers
}

/** Sends a request made by the proxy (or one it changed) to `upstream`, and answers as `forward` does. */
export async function relay(upstream: string, origin: string, sent: { method: string; url: string; headers: Headers; body?: Uint8Array }): Promise<ProxyAnswer> {
  const { method, headers, body } = sent
  const response = await fetch(new URL(sent.url, upstream), { method, headers, body: method === 'GET' || method === 'HEAD' || body === undefined ? undefined : new Uint8Array(body) })
  const out: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!['content-length', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) out[name] = value
  })
  return { status: response.status, headers: out, body: (await response.text()).split(upstream).join(origin) }
}

/** Forwards to `upstream` and changes the answer as PLANTS say. */
async function answer(upstream: string, request: IncomingMessage, origin: string): Promise<ProxyAnswer> {
  const url = new URL(request.url!, upstream)
  const pageSize = url.searchParams.get('page_size')
  if (url.pathname === '/api/applications' && pageSize !== null && /^\d+$/.test(pageSize) && Number(pageSize) > PAGE_SIZE_MAX && Number(pageSize) <= 100) {
    return boundProblem(origin, pageSize)
  }
  const forwarded = await forward(upstream, request, origin, request.method === 'HEAD' ? 'GET' : request.method)
  const { headers: out } = forwarded
  delete out['www-authenticate']
  let text = forwarded.body
  const type = out['content-type'] ?? ''
  if (type.startsWith('application/problem+json')) {
    const problem = JSON.parse(text) as { status: number; title: string }
    problem.title = RFC_TITLES[problem.status] ?? problem.title
    text = JSON.stringify(problem)
  } else if (type.startsWith('application/json') && url.pathname.startsWith('/api/workspaces')) {
    const envelope = JSON.parse(text) as { data?: unknown }
    const records = Array.isArray(envelope.data) ? envelope.data : [envelope.data]
    for (const record of records) if (record && typeof record === 'object') (record as Record<string, unknown>).archived = false
    text = JSON.stringify(envelope)
  }
  if (url.pathname === '/api/applications' && forwarded.status === 200) {
    const page = JSON.parse(text) as { data: unknown[]; current_page: number }
    if (page.data.length === 0 && page.current_page > 1) return problem(origin, 404, `page ${page.current_page} is past the last page`)
  }
  const status = request.method === 'OPTIONS' && forwarded.status === 204 ? 200 : forwarded.status
  return { status, headers: out, body: text }
}

/** Starts a proxy that answers with `answer` on a free port; resolves with its URL and a close function. */
export async function startProxy(answer: (request: IncomingMessage, origin: string) => Promise<ProxyAnswer>): Promise<{ url: string; close(): Promise<void> }> {
  let origin = ''
  const server: Server = createServer((request, response) => {
    answer(request, origin).then(
      ({ status, headers, body }) => {
        response.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) })
        response.end(request.method === 'HEAD' ? undefined : body)
      },
      (error: unknown) => {
        response.writeHead(502, { 'content-type': 'text/plain' })
        response.end(String(error))
      },
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url: origin, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** The demo server at `upstream` behind the seven plants. */
export const startDeviantProxy = (upstream: string) => startProxy((request, origin) => answer(upstream, request, origin))
