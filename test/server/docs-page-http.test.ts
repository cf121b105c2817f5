/**
 * The API reference page of the demo server (src/server/http/docs-page.ts) in this process, without a browser:
 * the renderer's configuration, the credentials section written from the served principals (and kept
 * safe inside its script element), the renderer script's encodings and caching, and other methods.
 * test/openapi/docs-page.test.ts covers the page's basics; test/browser/docs-page.test.ts renders it.
 */
import { readFileSync } from 'node:fs'
import { get, type IncomingHttpHeaders } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openApiDocument } from '../../src/handlers/kit-routes/openapi/document.ts'
import { RENDERER_PATH } from '../../src/server/http/docs-page.ts'
import { DEFAULT_SURFACE } from '../../src/handlers/routing/operation-table.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { call, expectProblem, rawExchange } from './http-helpers.ts'

const SMALL = JSON.parse(readFileSync(new URL('../../fixtures/small.json', import.meta.url), 'utf8'))
const OTHER_ORG = 'org_00000000000000000000000000000002'
/** A second principal whose names would end the script element or break a line of script if written raw. */
const TRICKY = 'Bob\u2028</script><b>\u2029'

function state() {
  const s = structuredClone(SMALL)
  s.organizations.push({ ...s.organizations[0], id: OTHER_ORG, name: 'Empty <Org>' })
  s.accounts.push({ ...s.accounts[0], id: 'acc_00000000000000000000000000000002', name: TRICKY, email: 'bob@empty.example.com', organization: OTHER_ORG, apiKey: 'bob-key', apiSecret: 'bob-secret' })
  // A second workspace of Tiny Co first in the data: the section offers the organization's first one.
  s.workspaces.reverse()
  return s
}

/** A GET with exactly this Accept-Encoding; only the head is read. */
function head(url: string, acceptEncoding: string): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
      resolve({ status: response.statusCode!, headers: response.headers })
      response.destroy()
    }).on('error', reject)
  })
}

let server: MockServer
beforeAll(async () => {
  server = await startMockServer({ port: 0, state: state(), strict: false })
})
afterAll(() => server.close())

const configurationOf = (html: string) => JSON.parse(/createApiReference\('#app', (.*)\)<\/script>/.exec(html)![1]!)

describe('the reference page', () => {
  test('the renderer is configured offline and private, with the first principal filled in', async () => {
    const page = await call(server.url, '/api/docs')
    expect(page.status).toBe(200)
    expect(page.headers.get('Cache-Control')).toBe('no-store')
    expect(page.text).toContain('<title>Workspace and Application Management API · workspace-api-mock</title>')
    expect(page.text).toContain(`<script src="${RENDERER_PATH}"></script>`)
    expect(configurationOf(page.text)).toEqual({
      content: expect.any(Object),
      withDefaultFonts: false,
      telemetry: false,
      showDeveloperTools: 'never',
      mcp: { disabled: true },
      agent: { disabled: true },
      persistAuth: false,
      defaultOpenAllTags: true,
      authentication: {
        preferredSecurityScheme: [['ApiKey', 'ApiSecret']],
        securitySchemes: { ApiKey: { value: 'demo-key' }, ApiSecret: { value: 'demo-secret' } },
      },
    })
  })

  test("the document is the served one, for this origin, with a section on this mock's credentials", async () => {
    const { content } = configurationOf((await call(server.url, '/api/docs/')).text)
    const base = openApiDocument('3.1', server.url, DEFAULT_SURFACE) as { info: { description: string } }
    expect(content.openapi).toMatch(/^3\.1\./)
    expect(content.openapi).toBe((base as { openapi?: string }).openapi)
    expect(content.servers).toEqual([{ url: server.url }])
    expect(content.info.description).toBe(
      base.info.description +
        [
          '',
          '',
          '## Credentials of this mock',
          '',
          'Send both headers of one principal; "Try it" has the first one filled in (change it under',
          'Authentication). A principal sees its own organization only. The application operations also need',
          "`X-Workspace-ID`: one of that organization's workspaces.",
          '',
          '- **Ada Admin**, Tiny Co: `X-API-Key: demo-key`, `X-API-Secret: demo-secret`; a workspace to try: `X-Workspace-ID: wse_000000000000000000000000000000a2`',
          `- **${TRICKY}**, Empty <Org>: \`X-API-Key: bob-key\`, \`X-API-Secret: bob-secret\``,
        ].join('\n'),
    )
  })

  test('names that could end the script element or a line of script are escaped in it', async () => {
    const html = (await call(server.url, '/api/docs')).text
    expect(html).not.toContain('</script><b>')
    expect(html).not.toContain('\u2028')
    expect(html).not.toContain('\u2029')
    expect(html).toContain('Bob\\u2028\\u003c/script>\\u003cb>\\u2029')
    expect(html).toContain('Empty \\u003cOrg>')
    expect(html.match(/<\/script>/g)).toHaveLength(2)
  })

  test('HEAD: the headers, no body', async () => {
    const answer = await rawExchange(server.url, `HEAD /api/docs/ HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nConnection: close\r\n\r\n`, { head: true })
    expect(answer.status).toBe(200)
    expect(answer.header('content-type')).toBe('text/html; charset=utf-8')
    expect(answer.body).toBe('')
  })

  test('other methods on the page and the script are 405 problems naming the method and the path', async () => {
    // The page is the admin's: a write with a body that is not JSON gets its 415 first.
    for (const [method, path, body] of [
      ['POST', '/api/docs/', undefined],
      ['PUT', RENDERER_PATH, 'x'],
      ['DELETE', '/api/docs', undefined],
    ]) {
      const answer = await call(server.url, path!, { method, body })
      expectProblem(answer, 405, server.url, `${method} is not allowed on ${path}`)
      expect(answer.headers.get('Allow')).toBe('GET, HEAD')
    }
  })
})

describe("the renderer's script", () => {
  test('cached for an hour, varying with Accept-Encoding', async () => {
    const answer = await head(`${server.url}${RENDERER_PATH}`, 'identity')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(answer.headers['cache-control']).toBe('public, max-age=3600')
    expect(answer.headers.vary).toBe('Accept-Encoding')
  })

  test.each([
    ['gzip', 'gzip'],
    ['br;q=1, gzip;q=0.5', 'gzip'],
    ['deflate,gzip', 'gzip'],
    ['gzipped', undefined],
    ['xgzip', undefined],
    ['', undefined],
  ])('Accept-Encoding %j: Content-Encoding %s', async (acceptEncoding, encoding) => {
    const answer = await head(`${server.url}${RENDERER_PATH}`, acceptEncoding)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe(encoding)
  })
})
