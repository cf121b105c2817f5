/**
 * What a client of the mock receives from the documents' routes, byte for byte: GET /api/openapi.json and
 * /api/openapi.yaml through MSW are the committed copies in fixtures/ (the mock named with the copies' server),
 * every summary, description, status and tag included (docs renderers show them: they are the contract), and
 * the 3.0 variants differ from them in `openapi` only. The limits the document states are the ones the mock
 * enforces.
 *
 * This file imports nothing of src/handlers/kit-routes/openapi up front: the kit loads the generator when a document is
 * first asked for, here in `beforeAll`, so its module-level texts and tables run for these tests and StrykerJS
 * tries their mutants against them (documents.test.ts loads the generator while its file loads, which Stryker
 * charges to no test).
 */
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, test } from 'vitest'
import { useHarness } from '../support/mock-server.ts'

/** The server the shipped copies name: the demo server's default address. */
const SHIPPED_SERVER = 'http://127.0.0.1:4010'
const MiB = 1024 * 1024

const fixture = (file: string) => readFileSync(new URL(`../../fixtures/${file}`, import.meta.url), 'utf8')

const h = useHarness({ scenario: 'empty', seed: 3, baseUrl: SHIPPED_SERVER })

interface Served {
  status: number
  contentType: string | null
  text: string
}
const served: Record<string, Served> = {}

beforeAll(async () => {
  for (const path of ['/api/openapi.json', '/api/openapi.yaml', '/api/openapi-3.0.json', '/api/openapi-3.0.yaml']) {
    const response = await fetch(`${SHIPPED_SERVER}${path}`)
    served[path] = { status: response.status, contentType: response.headers.get('Content-Type'), text: await response.text() }
  }
})

describe('the served documents', () => {
  test('GET /api/openapi.json and /api/openapi.yaml send the shipped copies byte for byte', () => {
    expect(served['/api/openapi.json']).toEqual({ status: 200, contentType: 'application/openapi+json', text: fixture('openapi.json') })
    expect(served['/api/openapi.yaml']).toEqual({ status: 200, contentType: 'application/openapi+yaml', text: fixture('openapi.yaml') })
  })

  test('the 3.0 variants are the same bytes but for their `openapi`', () => {
    const json = fixture('openapi.json').replace(/^ {2}"openapi": "3\.1\.0",$/m, '  "openapi": "3.0.3",')
    const yaml = fixture('openapi.yaml').replace(/^openapi: 3\.1\.0$/m, 'openapi: 3.0.3')
    expect(json).not.toBe(fixture('openapi.json'))
    expect(yaml).not.toBe(fixture('openapi.yaml'))
    expect(served['/api/openapi-3.0.json']).toEqual({ status: 200, contentType: 'application/openapi+json', text: json })
    expect(served['/api/openapi-3.0.yaml']).toEqual({ status: 200, contentType: 'application/openapi+yaml', text: yaml })
  })

  test('the shipped copies are what `npm run fixtures` writes: the generator for the demo server at its default address', async () => {
    const { openApiText, SHIPPED_DOCUMENTS, SHIPPED_SERVER: shippedServer } = await import('../../src/handlers/kit-routes/openapi/served-documents.ts')
    const { DEFAULT_SURFACE } = await import('../../src/handlers/routing/operation-table.ts')
    expect(shippedServer).toBe(SHIPPED_SERVER)
    for (const [file, format] of Object.entries(SHIPPED_DOCUMENTS)) {
      expect(await openApiText('3.1', format, shippedServer, DEFAULT_SURFACE), file).toBe(fixture(file))
    }
  })
})

describe('the limits the document states are the limits the mock enforces', () => {
  const document = () => JSON.parse(served['/api/openapi.json']!.text)
  const stated = (pattern: RegExp, text: string) => Number(text.match(pattern)?.[1])

  test('bodies: at most the stated MiB; one byte more is 413', async () => {
    const { info, paths } = document()
    const limit = stated(/Bodies: at\s+most (\d+) MiB\./, info.description)
    const for413 = paths['/api/workspaces'].post.responses[413].description
    expect(for413).toBe(`Request Entity Too Large: the body is larger than ${limit} MiB.`)
    expect(limit).toBeGreaterThan(0)
    const body = (bytes: number) => {
      const frame = JSON.stringify({ name: 'at the limit', description: '' })
      return JSON.stringify({ name: 'at the limit', description: 'x'.repeat(bytes - frame.length) })
    }
    const post = (text: string) => h.call('/api/workspaces', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: text })
    expect((await post(body(limit * MiB))).status).toBe(200)
    const over = await post(body(limit * MiB + 1))
    expect(over.status).toBe(413)
  })

  test('URLs: at most the stated characters; one more is 414', async () => {
    const { info, paths } = document()
    const limit = stated(/URLs: at most (\d+) characters\./, info.description)
    expect(paths['/api/workspaces'].get.responses[414].description).toBe(
      `Request URI Too Long: the request URL is longer than ${limit} characters.`,
    )
    const url = (length: number) => {
      const base = `${SHIPPED_SERVER}/api/workspaces?pad=`
      return `${base}${'p'.repeat(length - base.length)}`
    }
    expect(url(limit)).toHaveLength(limit)
    expect((await h.call(url(limit))).status).toBe(200)
    expect((await h.call(url(limit + 1))).status).toBe(414)
  })

  test('identifiers: at most the stated characters; one more is 422', async () => {
    const limit = stated(/Identifiers in paths and `X-Workspace-ID`: at most (\d+) characters\./, document().info.description)
    expect(limit).toBeGreaterThan(4)
    const id = (length: number) => `wse_${'a'.repeat(length - 4)}`
    expect((await h.call(`/api/workspaces/${id(limit)}`)).status).toBe(404)
    expect((await h.call(`/api/workspaces/${id(limit + 1)}`)).status).toBe(422)
    expect((await h.call('/api/applications', { workspace: id(limit) })).status).toBe(404)
    expect((await h.call('/api/applications', { workspace: id(limit + 1) })).status).toBe(422)
  })
})
