// #region server
import { startMockServer } from 'workspace-api-mock/node'

const server = await startMockServer({ port: 0, scenario: 'demo', seed: 42 })
const { apiKey, apiSecret } = server.api.credentials

const response = await fetch(`${server.url}/api/workspaces`, {
  headers: { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret },
})
const { data } = await response.json()
const icon = await fetch(data[0].icons.small) // icons are served by the same server
// #endregion server

import { readFileSync } from 'node:fs'
import { afterAll, expect, test } from 'vitest'

afterAll(() => server.close())

test('startMockServer serves the mock over HTTP, icons included', async () => {
  expect(response.status).toBe(200)
  expect(data).toHaveLength(server.api.db.workspaces.count())
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(data[0].icons.small.startsWith(`${server.url}/api/icons/`)).toBe(true)
  expect(icon.status).toBe(200)
  expect(icon.headers.get('content-type')).toBe('image/webp')
  expect(new Uint8Array(await icon.arrayBuffer()).slice(0, 4)).toEqual(new TextEncoder().encode('RIFF'))
})

test('the installed manifest names msw as a peer dependency', () => {
  const manifest = JSON.parse(readFileSync('node_modules/workspace-api-mock/package.json', 'utf8'))
  expect(manifest.peerDependencies.msw).toMatch(/^\^3\./)
})
