import { once } from 'node:events'
import { createServer } from 'node:net'
import axios from 'axios'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ListenError, startMockServer, type MockServer } from '../../src/node/index.ts'

describe('startMockServer', () => {
  let server: MockServer
  const auth = () => ({ 'X-API-Key': server.api.credentials.apiKey, 'X-API-Secret': server.api.credentials.apiSecret })

  beforeAll(async () => {
    server = await startMockServer({ port: 0, scenario: 'demo', seed: 5, strict: false })
  })
  afterAll(() => server.close())

  test('serves on a free port with icons on its own origin', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(server.server.listening).toBe(true)
    const icons = server.api.db.workspaces.all()[0]!.icons
    expect(icons.base).toMatch(new RegExp(`^${server.url}/api/icons/img_[0-9a-f]+_512\\.webp$`))
  })

  test('axios (Node http adapter) over the socket: list, create with a streamed body, page', async () => {
    const client = axios.create({ baseURL: server.url, headers: auth() })
    const list = await client.get('/api/workspaces')
    expect(list.status).toBe(200)
    expect(list.headers['content-type']).toBe('application/json')
    expect(list.data.data).toHaveLength(server.api.db.workspaces.count())

    const created = await client.post('/api/workspaces', { name: 'Axios Team', description: 'd', domain: 'axios' })
    expect(created.data.data).toMatchObject({ name: 'Axios Team', domain: 'axios' })
    expect(server.api.db.workspaces.all().some((w) => w.id === created.data.data.id)).toBe(true)

    const page = await client.get('/api/applications', {
      params: { current_page: 2, page_size: 10 },
      headers: { 'X-Workspace-ID': created.data.data.id },
    })
    expect(page.data).toMatchObject({ current_page: 2, page_size: 10, total: 0, data: [] })
  })

  test('validation problems come through unchanged: 422 with the location, 415, 413 for a 2 MiB body', async () => {
    const post = (body: BodyInit, type = 'application/json') =>
      fetch(`${server.url}/api/workspaces`, { method: 'POST', headers: { ...auth(), 'Content-Type': type }, body })
    const invalid = await post(JSON.stringify({ name: '' }))
    expect(invalid.status).toBe(422)
    expect((await invalid.json()).errors[0].location).toBe('body.name')
    expect((await post('name=x', 'application/x-www-form-urlencoded')).status).toBe(415)
    const big = await post(JSON.stringify({ name: 'x', description: 'y'.repeat(2 * 1024 * 1024) }))
    expect(big.status).toBe(413)
    expect(big.headers.get('Content-Type')).toBe('application/problem+json')
    // Answered before the body was read: that connection is closed, and later requests are not hurt.
    expect(big.headers.get('Connection')).toBe('close')
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${server.url}/api/workspaces`, { headers: auth() })).status).toBe(200)
    }
  })

  test('an injected disconnect drops the connection; the server keeps serving', async () => {
    server.api.faults.disconnect('listWorkspaces', { times: 1 })
    await expect(fetch(`${server.url}/api/workspaces`, { headers: auth() })).rejects.toThrow(TypeError)
    const after = await fetch(`${server.url}/api/workspaces`, { headers: auth() })
    expect(after.status).toBe(200)
  })

  test('the journal sees requests that came over HTTP', async () => {
    server.api.journal.clear()
    await fetch(`${server.url}/api/workspaces`, { headers: { ...auth(), 'X-Trace': 'yes' } })
    expect(server.api.journal.count({ operation: 'listWorkspaces', headers: { 'x-trace': 'yes' } })).toBe(1)
  })
})

describe('startMockServer options and failures', () => {
  test('cors: false sends no CORS headers and lets OPTIONS reach the handlers', async () => {
    const server = await startMockServer({ port: 0, scenario: 'empty', cors: false })
    try {
      const response = await fetch(`${server.url}/api/workspaces`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://elsewhere.test', 'Access-Control-Request-Method': 'POST' },
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('Allow')).toBe('GET, POST, OPTIONS')
      expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
    } finally {
      await server.close()
    }
  })

  test('a preflight asking for Private Network Access is allowed', async () => {
    const server = await startMockServer({ port: 0, scenario: 'empty' })
    try {
      const response = await fetch(`${server.url}/api/workspaces`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://app.example.com',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Private-Network': 'true',
        },
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('Access-Control-Allow-Private-Network')).toBe('true')
    } finally {
      await server.close()
    }
  })

  test('onListening gets the URL before the scenario is built; assetsOrigin can be set', async () => {
    const seen: string[] = []
    const server = await startMockServer({
      port: 0,
      scenario: 'demo',
      assetsOrigin: 'https://cdn.example.test',
      onListening: (url) => seen.push(url),
    })
    try {
      expect(seen).toEqual([server.url])
      expect(server.api.db.workspaces.all()[0]!.icons.small.startsWith('https://cdn.example.test/api/icons/')).toBe(true)
    } finally {
      await server.close()
    }
  })

  test('a busy port rejects with a ListenError that says what to do', async () => {
    const blocker = createServer().listen(0, '127.0.0.1')
    await once(blocker, 'listening')
    const { port } = blocker.address() as { port: number }
    try {
      const failure = await startMockServer({ port }).catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(ListenError)
      expect(failure).toMatchObject({ code: 'EADDRINUSE', message: expect.stringContaining(`port ${port} is already in use`) })
    } finally {
      blocker.close()
    }
  })

  test('a scenario that throws rejects and releases the port', async () => {
    let url = ''
    const failure = await startMockServer({
      port: 0,
      scenario: () => {
        throw new TypeError('broken scenario')
      },
      onListening: (u) => (url = u),
    }).catch((error: unknown) => error)
    expect(failure).toMatchObject({ message: 'broken scenario' })
    const port = Number(new URL(url).port)
    const again = createServer().listen(port, '127.0.0.1')
    await once(again, 'listening')
    again.close()
  })
})
