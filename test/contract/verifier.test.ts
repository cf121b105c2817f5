/**
 * Pact's reference verifier (@pact-foundation/pact's Verifier: the Rust core) replays the pact of a consumer
 * suite against the demo server as the provider, its provider states set up through the admin routes by
 * examples/contract/provider-states.ts, with records of the provider's own making (ids and data that are
 * not the seed's): every interaction passes. Against the demo server behind a proxy that deviates (a field
 * renamed, a status changed, an id prefix changed) exactly the interactions that rely on those fail.
 * A step of its own (`npm run test:contract`): the verifier is native code and takes seconds.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { pactOf, pactJson, type PactV4 } from '../../src/contract/pact.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { forward, startProxy, type ProxyAnswer } from '../verify/deviant-proxy.ts'
import { consumerRun, MOCK } from './consumer-run.ts'
import { KIT_DOCUMENT, verifyPact } from './pact-checks.ts'

const folder = mkdtempSync(join(tmpdir(), 'wam-pact-'))
const file = join(folder, 'web-workspace-api.json')
let pact: PactV4
let server: MockServer
let deviant: Awaited<ReturnType<typeof startProxy>>

/** The provider, changed in three ways a consumer relies on. */
async function deviate(request: IncomingMessage, origin: string): Promise<ProxyAnswer> {
  const answer = await forward(server.url, request, origin)
  const path = new URL(request.url!, origin).pathname
  if (request.method === 'POST' && path === '/api/workspaces' && answer.status === 200) return { ...answer, status: 201 }
  if (request.method === 'GET' && /^\/api\/workspaces\/[^/]+$/.test(path) && answer.status === 200) {
    return { ...answer, body: answer.body.replace('"description":', '"summary":') }
  }
  if (request.method === 'GET' && /^\/api\/applications\/[^/]+$/.test(path)) return { ...answer, body: answer.body.replaceAll('"app_', '"apl_') }
  return answer
}

beforeAll(async () => {
  pact = pactOf({ exchanges: (await consumerRun()).flat(), mocks: [MOCK], consumer: 'web', provider: 'workspace-api', openapi: KIT_DOCUMENT })
  writeFileSync(file, pactJson(pact))
  server = await startMockServer({ port: 0, scenario: 'empty' })
  deviant = await startProxy(deviate)
})
afterAll(async () => {
  await deviant?.close()
  await server?.close()
  rmSync(folder, { recursive: true, force: true })
})

const verify = (providerBaseUrl: string) => verifyPact(file, providerBaseUrl, server)

test('against the demo server as the provider, every interaction passes', { timeout: 120_000 }, async () => {
  const { interactionResults } = await verify(server.url)
  expect(interactionResults.map((one) => one.description).sort()).toEqual(pact.interactions.map((one) => one.description).sort())
  expect(interactionResults.filter((one) => one.result !== 'OK')).toEqual([])
  expect(interactionResults.length).toBeGreaterThan(15)
})

test('against a provider that renamed a field, changed a status and an id prefix, exactly those interactions fail', { timeout: 120_000 }, async () => {
  const { interactionResults } = await verify(deviant.url)
  const failed = interactionResults.filter((one) => one.result !== 'OK')
  expect(failed.map((one) => one.description).sort()).toEqual([
    'Create workspace: 200 OK (body description, domain, name)',
    'Get application: 200 OK',
    'Get workspace: 200 OK',
  ])
  const why = (description: string) => JSON.stringify(failed.find((one) => one.description.startsWith(description))!.mismatch)
  expect(why('Create workspace')).toMatch(/expected 200 but was 201/)
  expect(why('Get workspace')).toMatch(/missing the following keys: description/)
  expect(why('Get application')).toMatch(/apl_[0-9a-f]+.*to match/)
  expect(interactionResults.length).toBe(pact.interactions.length)
})
