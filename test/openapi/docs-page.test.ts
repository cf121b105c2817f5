/**
 * The demo server's reference page over HTTP, without a browser (test/browser/docs-page.test.ts renders
 * it): the page, the renderer's script from the installed package, and the answers to other methods.
 */
import { readFileSync } from 'node:fs'
import { get, type IncomingHttpHeaders } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { RENDERER_PATH, rendererFile } from '../../src/server/http/docs-page.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'

/** A GET with exactly this Accept-Encoding (fetch always asks for gzip and unzips by itself). */
function raw(url: string, acceptEncoding: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }))
    }).on('error', reject)
  })
}

describe('GET /api/docs on the demo server', () => {
  let server: MockServer

  beforeAll(async () => {
    server = await startMockServer({ port: 0, scenario: 'demo', seed: 2 })
  })
  afterAll(() => server.close())

  test('a page that loads the renderer from this server and embeds the contract, servers = this origin', async () => {
    const response = await fetch(`${server.url}/api/docs`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    const html = await response.text()
    expect([...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1])).toEqual([RENDERER_PATH])
    expect(html).not.toMatch(/(?:src|href)="https?:/)
    const configuration = JSON.parse(/createApiReference\('#app', (.*)\)<\/script>/.exec(html)![1]!)
    expect(configuration).toMatchObject({ withDefaultFonts: false, telemetry: false, agent: { disabled: true } })
    expect(configuration.content.servers).toEqual([{ url: server.url }])
    expect(configuration.content.info.description).toContain(server.api.credentials.apiSecret)
    expect(configuration.authentication.securitySchemes.ApiKey.value).toBe(server.api.credentials.apiKey)
    // No credentials needed, and the page's own requests are not the API's: the journal stays empty.
    expect(server.api.journal.entries).toEqual([])
  })

  test("the renderer's script is the installed package's standalone build, gzipped for who accepts it", async () => {
    const { path, gzipped } = rendererFile()
    expect(path).toMatch(/node_modules\/@scalar\/api-reference\/dist\/browser\/standalone\.js$/)
    expect(gzipped).toBe(false)
    const original = readFileSync(path)
    for (const encoding of ['gzip, deflate, br', 'identity']) {
      const response = await raw(`${server.url}${RENDERER_PATH}`, encoding)
      expect(response.status).toBe(200)
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8')
      expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : 'gzip')
      expect(response.body.length).toBe(Number(response.headers['content-length']))
      const body = encoding === 'identity' ? response.body : gunzipSync(response.body)
      expect(body.equals(original), encoding).toBe(true)
    }
  })

  test('HEAD answers without a body; other methods are 405 problems with Allow', async () => {
    const head = await fetch(`${server.url}/api/docs`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const post = await fetch(`${server.url}/api/docs`, { method: 'POST' })
    expect(post.status).toBe(405)
    expect(post.headers.get('Allow')).toBe('GET, HEAD')
    expect(post.headers.get('Content-Type')).toBe('application/problem+json')
    expect(await post.json()).toMatchObject({ status: 405, title: 'Method Not Allowed' })
    const other = await fetch(`${server.url}/api/docs/other.js`)
    expect(other.status).toBe(404)
  })
})
