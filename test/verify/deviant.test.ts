/**
 * verify finds a deviant target: the demo server behind a proxy that plants seven known changes. Each plant
 * turns one or more checks naming it to `differs` and nothing else differs; the profile it writes makes
 * the mock verify `same` against that target for every plant a knob adopts, and a demo server started with
 * that profile answers as the target does. The commands are those of docs/verify.md, line for line: the
 * first and the server as processes, the others in-process (in-process.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startMockServer, withCredentials, type MockServer } from '../../src/node/index.ts'
import type { Report } from '../../src/verify/run.ts'
import { runCli, startCli } from '../cli/cli-process.ts'
import { PLANTS, startDeviantProxy } from './deviant-proxy.ts'
import { verifyInProcess } from './in-process.ts'

const DOCUMENTED = `
npx workspace-api-mock verify --target https://staging.example.com --api-key "$API_KEY" --api-secret "$API_SECRET" --report report.json --junit junit.xml
npx workspace-api-mock verify --target https://staging.example.com --api-key "$API_KEY" --api-secret "$API_SECRET" --profile-out profile.json
npx workspace-api-mock --profile profile.json --api-key "$API_KEY" --api-secret "$API_SECRET"
`
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

/** A documented line as arguments: this target and principal, its files in the test's folder, no rate limit. */
function argsOf(index: number, target: string, ...extra: string[]): string[] {
  const line = DOCUMENTED.trim().split('\n')[index]!
  const words = line.replace('npx workspace-api-mock ', '').replace('https://staging.example.com', target).replace('"$API_KEY"', KEY).replace('"$API_SECRET"', SECRET).split(' ')
  const args = words.map((word) => (/^\w+\.(json|xml)$/.test(word) ? join(dir, word) : word))
  return args[0] === 'verify' ? [...args, '--rate', '1000', ...extra] : [...args, ...extra]
}

const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Report
const differing = (report: Report) => report.checks.filter((check) => check.verdict === 'differs').map((check) => check.id)
const unplanted = (ids: string[]) => ids.filter((id) => !PLANTS.some((plant) => plant.checks.test(id)))

test('every planted change is found, nothing else differs; the written profile adopts the knobs', { timeout: 60_000 }, async () => {
  const first = await runCli(argsOf(0, proxy.url, '--write'))
  expect(first.stderr).toBe('')
  expect(first.code).toBe(1)
  const found = differing(read('report.json'))
  for (const plant of PLANTS) expect(found.filter((id) => plant.checks.test(id)), plant.name).not.toEqual([])
  expect(unplanted(found)).toEqual([])
  expect(readFileSync(join(dir, 'junit.xml'), 'utf8').match(/<failure /g)).toHaveLength(found.length)

  expect((await verifyInProcess(argsOf(1, proxy.url))).code).toBe(1)
  expect(JSON.parse(readFileSync(join(dir, 'profile.json'), 'utf8'))).toEqual({
    paging: { pageSize: { max: 50 } },
    head: 'get',
    wwwAuthenticate: false,
    problemTitles: 'rfc9110',
    pastTheEnd: 'not-found',
  })

  const again = await verifyInProcess(argsOf(1, proxy.url, '--write', '--profile', join(dir, 'profile.json'), '--report', join(dir, 'again.json')))
  expect(again.code).toBe(1)
  const left = differing(read('again.json'))
  for (const plant of PLANTS) expect(left.filter((id) => plant.checks.test(id)).length > 0, plant.name).toBe(!plant.knob)
  expect(unplanted(left)).toEqual([])

  // The demo server started with the profile answers as the deviant does, knob for knob.
  const adopted = await startCli(argsOf(2, ''))
  try {
    const third = await verifyInProcess(['verify', '--target', adopted.url, '--api-key', KEY, '--api-secret', SECRET, '--rate', '1000', '--write', '--profile', join(dir, 'profile.json')])
    expect(third.stdout).toMatch(/0 differ, 0 not observed; score 100\n$/)
    expect(third.code).toBe(0)
  } finally {
    await adopted.stop()
  }
})
