/**
 * The console's server side over a real socket, without a browser (test/browser/console.test.ts drives the
 * page in Chromium): the page only for `Accept: text/html`, its two files, and the live request log as
 * server-sent events, for the base state and for a session.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startMockServer, type MockServer } from '../../src/node/index.ts'

interface ServerSentEvent {
  event: string
  data: any
}

/** Reads a server-sent event stream: `next()` resolves with the next event, `done` when the server ends it. */
function eventStream(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  const comments: string[] = []
  let ended = false
  async function next(): Promise<ServerSentEvent | undefined> {
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const fields = new Map<string, string>()
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments.push(line)
          const colon = line.indexOf(':')
          if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart())
        }
        if (fields.has('event')) return { event: fields.get('event')!, data: JSON.parse(fields.get('data')!) }
        continue
      }
      const { value, done } = await reader.read()
      if (done) {
        ended = true
        return undefined
      }
      buffer += value
    }
  }
  return { next, comments, ended: () => ended, cancel: () => reader.cancel() }
}

describe('the console over HTTP', () => {
  let server: MockServer
  const auth = () => ({ 'X-API-Key': server.api.credentials.apiKey, 'X-API-Secret': server.api.credentials.apiSecret })

  beforeAll(async () => {
    server = await startMockServer({ port: 0, scenario: 'demo', seed: 3, strict: false })
  })
  afterAll(() => server.close())

  test('the page at /, /__admin and /__admin/ for browsers; curl keeps its text at / and gets 404 elsewhere', async () => {
    for (const path of ['/', '/__admin', '/__admin/']) {
      const page = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html,application/xhtml+xml' } })
      expect(page.status, path).toBe(200)
      expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
      expect(page.headers.get('Cache-Control')).toBe('no-store')
      const html = await page.text()
      expect(Number(page.headers.get('Content-Length'))).toBe(Buffer.byteLength(html))
      expect(html).toMatch(/^<!doctype html>/)
      expect(html).toContain('<script type="module" src="/__admin/console/console.js"></script>')
      expect(html).toContain('<link rel="stylesheet" href="/__admin/console/console.css">')
      expect(html).toContain('<a id="docs-link" href="/api/docs">API reference</a>')
    }
    const head = await fetch(`${server.url}/`, { method: 'HEAD', headers: { Accept: 'text/html' } })
    expect(head.status).toBe(200)
    expect(head.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(await head.text()).toBe('')

    const curl = await fetch(`${server.url}/`, { headers: { Accept: '*/*' } })
    expect(curl.status).toBe(200)
    expect(curl.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(await curl.text()).toContain(`served under ${server.url}/api/`)
    const admin = await fetch(`${server.url}/__admin/`, { headers: { Accept: 'application/json' } })
    expect(admin.status).toBe(404)
    // A POST to the page's path is not the page.
    const post = await fetch(`${server.url}/__admin/`, { method: 'POST', headers: { Accept: 'text/html' } })
    expect(post.status).toBe(404)
  })

  test('its script and style sheet; any other name is 404', async () => {
    const style = await fetch(`${server.url}/__admin/console/console.css`)
    expect(style.status).toBe(200)
    expect(style.headers.get('Content-Type')).toBe('text/css; charset=utf-8')
    expect(style.headers.get('Cache-Control')).toBe('no-cache')
    const css = Buffer.from(await style.arrayBuffer())
    expect(Number(style.headers.get('Content-Length'))).toBe(css.length)
    expect(css.toString()).toMatch(/\{[^}]*\}/)
    // The file itself (the script is bundled from the sources, the style sheet is not).
    expect(css.equals(readFileSync(new URL('../../src/console-page/console.css', import.meta.url)))).toBe(true)

    const script = await fetch(`${server.url}/__admin/console/console.js`)
    expect(script.status).toBe(200)
    expect(script.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    const js = await script.text()
    expect(js.length).toBeGreaterThan(1000)
    // One bundled module: no import of another file is left for the browser to resolve.
    expect(js).not.toMatch(/^\s*import\s/m)
    const head = await fetch(`${server.url}/__admin/console/console.js`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(Number(head.headers.get('Content-Length'))).toBe(Buffer.byteLength(js))
    expect(await head.text()).toBe('')

    const other = await fetch(`${server.url}/__admin/console/secret.js`)
    expect(other.status).toBe(404)
    expect(await other.text()).toBe('not found: /__admin/console/secret.js\n')
  })

  test('the live log: history when it opens, then each request as it is answered, with the problem detail', async () => {
    server.api.journal.clear()
    await fetch(`${server.url}/api/workspaces`, { headers: auth() })
    const response = await fetch(`${server.url}/__admin/events`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('no-cache, no-transform')
    expect(response.headers.get('X-Accel-Buffering')).toBe('no')
    const stream = eventStream(response)
    try {
      const history = await stream.next()
      expect(history?.event).toBe('history')
      expect(history?.data).toEqual([
        expect.objectContaining({ method: 'GET', path: '/api/workspaces', status: 200, operation: 'listWorkspaces' }),
      ])
      expect(history!.data[0].detail).toBeUndefined()

      await fetch(`${server.url}/api/workspaces?page=1`, { headers: { 'X-API-Key': 'wrong', 'X-API-Secret': 'wrong' } })
      const rejected = await stream.next()
      expect(rejected?.event).toBe('request')
      expect(rejected?.data).toMatchObject({ method: 'GET', path: '/api/workspaces?page=1', status: 401 })
      expect(rejected?.data.detail).toEqual(expect.any(String))
      expect(rejected?.data.detail.length).toBeGreaterThan(0)
      expect(rejected?.data.time).toEqual(expect.any(Number))
      // Durations are rounded to a tenth of a millisecond.
      expect(Math.round(rejected!.data.duration * 10)).toBeCloseTo(rejected!.data.duration * 10, 6)

      const id = server.api.db.workspaces.all()[0]!.id
      await fetch(`${server.url}/api/workspaces/${id}`, { headers: auth() })
      const found = await stream.next()
      expect(found?.data).toMatchObject({ method: 'GET', path: `/api/workspaces/${id}`, status: 200, operation: 'getWorkspace' })
    } finally {
      await stream.cancel()
    }
  })

  test('history holds the latest 200 requests, oldest first', async () => {
    server.api.journal.clear()
    for (let i = 0; i < 205; i++) await fetch(`${server.url}/api/workspaces?n=${i}`, { headers: auth() })
    const stream = eventStream(await fetch(`${server.url}/__admin/events`))
    try {
      const history = await stream.next()
      expect(history?.data).toHaveLength(200)
      expect(history!.data[0].path).toBe('/api/workspaces?n=5')
      expect(history!.data[199].path).toBe('/api/workspaces?n=204')
    } finally {
      await stream.cancel()
    }
  })

  test("a session's log follows only the session; the base log hears that sessions changed; deleting the session ends its stream", async () => {
    const session = await server.sessions.create()
    const base = eventStream(await fetch(`${server.url}/__admin/events`))
    const own = await fetch(`${server.url}/__admin/sessions/${session.id}/events`)
    expect(own.status).toBe(200)
    const stream = eventStream(own)
    try {
      expect((await base.next())?.event).toBe('history')
      expect(await stream.next()).toEqual({ event: 'history', data: [] })

      const sessionAuth = { 'X-API-Key': session.credentials.apiKey, 'X-API-Secret': session.credentials.apiSecret }
      await fetch(`${server.url}/api/workspaces?who=session`, { headers: sessionAuth })
      await fetch(`${server.url}/api/workspaces?who=base`, { headers: auth() })
      const seen = await stream.next()
      expect(seen?.data).toMatchObject({ path: '/api/workspaces?who=session', status: 200 })
      const baseSeen = await base.next()
      expect(baseSeen?.data).toMatchObject({ path: '/api/workspaces?who=base' })

      expect(server.sessions.delete(session.id)).toBe(true)
      expect(await stream.next()).toEqual({ event: 'closed', data: {} })
      expect(await stream.next()).toBeUndefined()
      expect(stream.ended()).toBe(true)
      expect(await base.next()).toEqual({ event: 'sessions', data: {} })

      const gone = await fetch(`${server.url}/__admin/sessions/${session.id}/events`)
      expect(gone.status).toBe(404)
      expect(gone.headers.get('Content-Type')).toBe('application/problem+json')
    } finally {
      await stream.cancel()
      await base.cancel()
    }
  })

  test('a created session is announced on open streams', async () => {
    const base = eventStream(await fetch(`${server.url}/__admin/events`))
    try {
      expect((await base.next())?.event).toBe('history')
      const created = await fetch(`${server.url}/__admin/sessions`, { method: 'POST' })
      expect(created.status).toBe(201)
      expect(await base.next()).toEqual({ event: 'sessions', data: {} })
    } finally {
      await base.cancel()
    }
  })
})
