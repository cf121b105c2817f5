/**
 * Authentication (docs/spec-decisions.md, "Authentication"): `X-API-Key` and `X-API-Secret` must both match one
 * principal, else 401 with the `WWW-Authenticate` challenge; empty values count as missing. The problem's
 * `detail` tells the client which header is missing, or that the pair does not match.
 */
import { describe, expect, test } from 'vitest'
import { expectProblem } from '../support/api-assertions.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'empty' })
const at = { origin: ORIGIN }
const CHALLENGE = 'ApiKey header="X-API-Key", secret-header="X-API-Secret"'

/** GET /api/workspaces with exactly these credential headers. */
async function withHeaders(headers: Record<string, string>) {
  const res = await h.call('/api/workspaces', { principal: null, headers })
  const body = expectProblem(res, 401, at)
  expect(res.response.headers.get('WWW-Authenticate')).toBe(CHALLENGE)
  return body.detail as string
}

describe('401 names what is wrong with the credentials', () => {
  test('neither header: both are named', async () => {
    expect(await withHeaders({})).toBe('missing X-API-Key and X-API-Secret header')
  })

  test('only the key: the secret is missing', async () => {
    expect(await withHeaders({ 'X-API-Key': h.api.credentials.apiKey })).toBe('missing X-API-Secret header')
  })

  test('only the secret: the key is missing', async () => {
    expect(await withHeaders({ 'X-API-Secret': h.api.credentials.apiSecret })).toBe('missing X-API-Key header')
  })

  test('an empty key counts as missing, even beside the right secret', async () => {
    const detail = await withHeaders({ 'X-API-Key': '', 'X-API-Secret': h.api.credentials.apiSecret })
    expect(detail).toBe('missing X-API-Key header')
  })

  test('an empty secret counts as missing, even beside the right key', async () => {
    const detail = await withHeaders({ 'X-API-Key': h.api.credentials.apiKey, 'X-API-Secret': '' })
    expect(detail).toBe('missing X-API-Secret header')
  })

  test('the right key with another secret: the pair does not match', async () => {
    const detail = await withHeaders({ 'X-API-Key': h.api.credentials.apiKey, 'X-API-Secret': 'not-the-secret' })
    expect(detail).toBe('invalid API key or secret')
  })

  test('an unknown key: the pair does not match', async () => {
    const detail = await withHeaders({ 'X-API-Key': 'nobody', 'X-API-Secret': h.api.credentials.apiSecret })
    expect(detail).toBe('invalid API key or secret')
  })

  test('the right pair passes', async () => {
    const res = await h.call('/api/workspaces')
    expect(res.status).toBe(200)
    expect(res.response.headers.get('WWW-Authenticate')).toBeNull()
  })
})
