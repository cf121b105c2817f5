/**
 * A small server-rendered app: a plain node:http server whose pages are HTML rendered from API calls made
 * on the server, with the credentials of the logged-in user (a cookie set by the login form). The browser
 * never calls the API, so Playwright's `context.route` cannot mock it: the tests give each user a session
 * of one demo server instead (tests/workspaces.spec.ts).
 *
 *   GET  /login              the login form (API key and secret)     POST /login   sets the cookie
 *   GET  /                   the user's workspaces, and a form to create one
 *   POST /workspaces         creates one (name)                      POST /workspaces/{id}  renames it
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

interface User {
  apiKey: string
  apiSecret: string
}

/** Starts the app on `port` (0: a free one) of 127.0.0.1; `apiUrl` is the API's base URL. */
export async function startApp(apiUrl: string, port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    handle(apiUrl, request, response).catch((error: unknown) => page(response, 500, 'Error', `<p role="alert">${escape(String(error))}</p>`))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => close(server) }
}

async function handle(apiUrl: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://app').pathname
  if (path === '/login' && request.method === 'POST') return login(request, response)
  if (path === '/login') return page(response, 200, 'Log in', LOGIN_FORM)
  const user = userOf(request)
  if (!user) return redirect(response, '/login')
  const api = (method: string, apiPath: string, body?: unknown) => callApi(apiUrl, user, method, apiPath, body)
  if (path === '/' && request.method === 'GET') return workspaces(response, await api('GET', '/api/workspaces'))
  const rename = /^\/workspaces\/([\w-]+)$/.exec(path)?.[1]
  if (request.method === 'POST' && (path === '/workspaces' || rename)) {
    const name = (await form(request)).get('name') ?? ''
    const answer = rename ? await api('PUT', `/api/workspaces/${rename}`, { name }) : await api('POST', '/api/workspaces', { name })
    return answer.ok ? redirect(response, '/') : failed(response, answer)
  }
  return page(response, 404, 'Not found', '<p>No such page.</p>')
}

interface ApiAnswer {
  ok: boolean
  status: number
  body: any
}

/** One API call with the user's credentials; a dropped connection is status 0. */
async function callApi(apiUrl: string, user: User, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  const headers: Record<string, string> = { 'X-API-Key': user.apiKey, 'X-API-Secret': user.apiSecret }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  try {
    const response = await fetch(`${apiUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    return { ok: response.ok, status: response.status, body: await response.json().catch(() => undefined) }
  } catch {
    return { ok: false, status: 0, body: { detail: 'the API could not be reached' } }
  }
}

function workspaces(response: ServerResponse, answer: ApiAnswer): void {
  if (!answer.ok) return failed(response, answer)
  const rows = (answer.body.data as { id: string; name: string }[])
    .map((w) => `<li><span>${escape(w.name)}</span> ${renameForm(w.id, w.name)}</li>`)
    .join('')
  page(response, 200, 'Workspaces', `<ul aria-label="Workspaces">${rows}</ul>${CREATE_FORM}`)
}

const renameForm = (id: string, name: string) =>
  `<form method="post" action="/workspaces/${escape(id)}"><input name="name" aria-label="Rename ${escape(name)}" required><button>Rename</button></form>`

function failed(response: ServerResponse, answer: ApiAnswer): void {
  const detail = answer.body?.detail ?? answer.body?.title ?? ''
  page(response, 502, 'API error', `<p role="alert">The API answered ${answer.status}: ${escape(String(detail))}</p>`)
}

async function login(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const fields = await form(request)
  const value = userCookie(fields.get('apiKey') ?? '', fields.get('apiSecret') ?? '')
  response.setHeader('Set-Cookie', `${COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax`)
  redirect(response, '/')
}

/** The user of the `user` cookie: the API credentials the login form took. */
export const COOKIE = 'user'

function userOf(request: IncomingMessage): User | undefined {
  const value = /(?:^|;\s*)user=([\w-]+)/.exec(request.headers.cookie ?? '')?.[1]
  if (!value) return undefined
  try {
    const user = JSON.parse(Buffer.from(value, 'base64url').toString()) as Partial<User>
    return user.apiKey && user.apiSecret ? (user as User) : undefined
  } catch {
    return undefined
  }
}

/** The cookie value for these credentials (what the login form sets): a test may set it itself. */
export function userCookie(apiKey: string, apiSecret: string): string {
  return Buffer.from(JSON.stringify({ apiKey, apiSecret })).toString('base64url')
}

async function form(request: IncomingMessage): Promise<URLSearchParams> {
  let text = ''
  for await (const chunk of request) text += chunk
  return new URLSearchParams(text)
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { Location: location }).end()
}

function page(response: ServerResponse, status: number, title: string, body: string): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' })
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`)
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const LOGIN_FORM = `<form method="post" action="/login">
<label>API key <input name="apiKey" required></label>
<label>API secret <input name="apiSecret" type="password" required></label>
<button>Log in</button></form>`

const CREATE_FORM = `<form method="post" action="/workspaces">
<label>New workspace <input name="name" required></label>
<button>Create</button></form>`

function close(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
}
