/**
 * verify finds a deviant target: the demo server behind a proxy that plants six known changes. Each plant
 * turns one or more checks naming it to `differs` and nothing else differs; the profile it writes makes
 * the mock verify `same` against that target for every plant a knob adopts, and a mock started with that
 * profile answers as the target does.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startMockServer, withCredentials, type MockServer } from '../../src/node/index.ts'
import type { Report } from '../../src/verify/run.ts'
import { runCli } from '../server/cli-process.ts'
import { PLANTS, startDeviantProxy } from './deviant-proxy.ts'

const KEY = 'deviant-key'
const SECRET = 'deviant-secret'
let server: MockServer
let proxy: Awaited<ReturnType<typeof startDeviantProxy>>
let dir: string

beforeAll(async () => {
  server = await startMockServer({ port: 0, scenario: withCredentials('demo', { apiKey: KEY, apiSecret: SECRET }) })
  proxy = await startDeviantProxy(server.url)
  dir = mkdtempSync(join(tmpdir(), 'deviant-'))
})
afterAll(async () => {
  await proxy?.close()
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

const verify = (target: string, ...extra: string[]) =>
  runCli(['verify', '--target', target, '--api-key', KEY, '--api-secret', SECRET, '--rate', '1000', '--write', ...extra])

const differing = (report: Report) => report.checks.filter((check) => check.verdict === 'differs').map((check) => check.id)

test('every planted change is found, nothing else differs; the written profile adopts the knobs', async () => {
  const first = join(dir, 'first.json')
  const profile = join(dir, 'profile.json')
  const run = await verify(proxy.url, '--report', first, '--profile-out', profile)
  expect(run.stderr).toBe('')
  expect(run.code).toBe(1)
  const found = differing(JSON.parse(readFileSync(first, 'utf8')) as Report)
  for (const plant of PLANTS) expect(found.filter((id) => plant.checks.test(id)), plant.name).not.toEqual([])
  expect(found.filter((id) => !PLANTS.some((plant) => plant.checks.test(id)))).toEqual([])

  expect(JSON.parse(readFileSync(profile, 'utf8'))).toEqual({
    paging: { pageSize: { max: 50 } },
    head: 'get',
    wwwAuthenticate: false,
    problemTitles: 'rfc9110',
  })
  const again = join(dir, 'again.json')
  const second = await verify(proxy.url, '--profile', profile, '--report', again)
  expect(second.code).toBe(1)
  const left = differing(JSON.parse(readFileSync(again, 'utf8')) as Report)
  for (const plant of PLANTS) {
    expect(left.filter((id) => plant.checks.test(id)).length > 0, plant.name).toBe(!plant.knob)
  }
  expect(left.filter((id) => !PLANTS.some((plant) => plant.checks.test(id)))).toEqual([])

  // The demo server started with the profile (`npm start -- --profile`) verifies `same` against it.
  const adopted = await startMockServer({ port: 0, scenario: withCredentials('demo', { apiKey: KEY, apiSecret: SECRET }), profile: JSON.parse(readFileSync(profile, 'utf8')) })
  try {
    const third = await verify(adopted.url, '--profile', profile)
    expect(third.stdout).toMatch(/0 differ, 0 not observed; score 100\n$/)
    expect(third.code).toBe(0)
  } finally {
    await adopted.close()
  }
})
