/**
 * What each operation tells the client beyond the status: the `detail` of its 404s, the order of its checks
 * (docs/spec-decisions.md, "Order of checks": 415 → 413 → 400 → 422 → 404), what a create body leaves out, and
 * the headers of the public files.
 */
import { describe, expect, test } from 'vitest'
import { errorAt, expectProblem } from '../support/api-assertions.ts'
import { checkedFetch } from '../support/checked-fetch.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'demo', seed: 4 })
const at = { origin: ORIGIN }

function ids() {
  const [first, second] = h.api.db.workspaces.all()
  const app = h.api.db.applications.all().find((a) => a.workspace === first!.id)!
  return { workspace: first!.id, other: second!.id, app: app.id }
}

describe('404 details name what was not found', () => {
  test('a workspace', async () => {
    const res = await h.call(`/api/workspaces/wse_${'0'.repeat(32)}`)
    expect(expectProblem(res, 404, at).detail).toBe(`workspace wse_${'0'.repeat(32)} not found`)
  })

  test('the workspace of X-Workspace-ID', async () => {
    const res = await h.call('/api/applications', { workspace: 'wse_missing' })
    expect(expectProblem(res, 404, at).detail).toBe('workspace wse_missing not found')
  })

  test('an application outside the named workspace', async () => {
    const { other, app } = ids()
    const res = await h.call(`/api/applications/${app}`, { workspace: other })
    expect(expectProblem(res, 404, at).detail).toBe(`application ${app} not found in workspace ${other}`)
  })

  test('an unknown path under /api', async () => {
    const res = await h.call('/api/nothing/here')
    expect(expectProblem(res, 404, at).detail).toBe('no operation at /api/nothing/here')
  })

  test('another method on a known path: 405 naming both', async () => {
    const res = await h.call('/api/applications', { method: 'DELETE' })
    expect(expectProblem(res, 405, at).detail).toBe('DELETE is not allowed on /api/applications')
    expect(res.response.headers.get('Allow')).toBe('GET, OPTIONS')
  })
})

describe('validation comes before looking records up', () => {
  test('update of an unknown workspace with an invalid body: 422, not 404', async () => {
    const res = await h.call('/api/workspaces/wse_missing', { method: 'PUT', json: { domain: 'd' } })
    expectProblem(res, 422, { ...at, locations: ['body.domain'] })
  })

  test('update of an unknown workspace with a body that is not JSON: 415, not 404', async () => {
    const res = await h.call('/api/workspaces/wse_missing', {
      method: 'PUT',
      body: 'name=x',
      headers: { 'Content-Type': 'text/plain' },
    })
    expectProblem(res, 415, at)
  })

  test('update of an unknown workspace with a valid body: 404', async () => {
    const res = await h.call('/api/workspaces/wse_missing', { method: 'PUT', json: { name: 'n' } })
    expect(expectProblem(res, 404, at).detail).toBe('workspace wse_missing not found')
  })

  test('applications of an unknown workspace with a bad page size: 422, not 404', async () => {
    const res = await h.call('/api/applications?page_size=5', { workspace: 'wse_missing' })
    const body = expectProblem(res, 422, { ...at, locations: ['query.page_size'] })
    expect(errorAt(body, 'query.page_size').message).toBe('expected number >= 10')
  })

  test('an application id that is too long in an unknown workspace: 422 at the path, not 404', async () => {
    const res = await h.call(`/api/applications/${'a'.repeat(37)}`, { workspace: 'wse_missing' })
    const body = expectProblem(res, 422, { ...at, locations: ['path.applicationId'] })
    expect(errorAt(body, 'path.applicationId').message).toBe('expected length <= 36')
  })

  test('an empty X-Workspace-ID: 422 at the header', async () => {
    const { app } = ids()
    const res = await h.call(`/api/applications/${app}`, { workspace: '' })
    const body = expectProblem(res, 422, { ...at, locations: ['header.X-Workspace-ID'] })
    expect(errorAt(body, 'header.X-Workspace-ID').message).toBe('expected a non-empty identifier')
  })
})

describe('what a create body leaves out', () => {
  test('POST /api/workspaces with a name only: description and domain are empty strings', async () => {
    const res = await h.call('/api/workspaces', { method: 'POST', json: { name: 'bare' } })
    expect(res.status, res.text).toBe(200)
    expect(res.body.data).toMatchObject({ name: 'bare', description: '', domain: '' })
    const stored = h.api.db.workspaces.all().find((w) => w.id === res.body.data.id)
    expect(stored).toMatchObject({ description: '', domain: '' })
  })
})

describe('public files', () => {
  test('icons may be cached for a day', async () => {
    const response = await fetch(`${ORIGIN}/api/icons/img_0123_192.webp`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=86400')
  })

  test.each(['ximg_0123_512.webp', 'img_0123_512.webpx', 'img__512.webp'])('icon file %s: 404', async (file) => {
    const res = await checkedFetch(`${ORIGIN}/api/icons/${file}`)
    expect(expectProblem(res, 404, at).detail).toBe(`no icon named ${file}`)
  })

  test.each(['Nope.json', 'toString.json', 'ErrorModel.json.json', '.json', 'ErrorModel.yaml'])(
    'schema file %s: 404 naming it',
    async (file) => {
      const res = await checkedFetch(`${ORIGIN}/api/schemas/${file}`)
      expect(expectProblem(res, 404, at).detail).toBe(`no schema named ${file}`)
    },
  )

  test('a schema document is JSON with its length', async () => {
    const response = await fetch(`${ORIGIN}/api/schemas/ErrorModel.json`)
    expect(response.headers.get('Content-Type')).toBe('application/json')
    const bytes = await response.arrayBuffer()
    expect(response.headers.get('Content-Length')).toBe(String(bytes.byteLength))
    expect(JSON.parse(new TextDecoder().decode(bytes)).title).toBe('ErrorModel')
  })
})
