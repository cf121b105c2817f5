/**
 * What verify cannot use: an unreachable or silent target, one that refuses the credentials, one that
 * answers HTML, a rate of 0, a bad profile, a baseline that is no report, a module it did not write, an
 * OpenAPI document it cannot read. Each is one clear line on stderr and exit code 2, no stack:
 * two through the command as a process, the rest through the same function in-process (in-process.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { freePort, runCli } from '../cli/cli-process.ts'
import { verifyInProcess } from './in-process.ts'

let mock: MockServer
let html: Server
let silent: Server
let dir: string
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`

beforeAll(async () => {
  mock = await startMockServer({ port: 0 })
  html = createServer((_, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><p>Sign in</p>'))
  silent = createServer(() => {})
  await Promise.all([html, silent].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))))
  dir = mkdtempSync(join(tmpdir(), 'verify-bad-'))
  writeFileSync(join(dir, 'bad-profile.json'), JSON.stringify({ paging: { pageSize: { max: 'many' } } }))
  writeFileSync(join(dir, 'deep.json'), `${'['.repeat(40)}${']'.repeat(40)}`)
})
afterAll(async () => {
  silent?.closeAllConnections()
  await Promise.all([html, silent].map((server) => new Promise((resolve) => server?.close(resolve))))
  await mock?.close()
  rmSync(dir, { recursive: true, force: true })
})

const verify = (target: string, ...extra: string[]) => ['verify', '--target', target, '--api-key', 'k', '--api-secret', 's', ...extra]

function expectOneLine(name: string, run: { code: number | null; stdout: string; stderr: string }, message: RegExp) {
  expect(run.code, name).toBe(2)
  expect(run.stderr.split('\n'), name).toHaveLength(2)
  expect(run.stderr.trimEnd(), name).toMatch(message)
  expect(run.stdout, name).toBe('')
}

test('the command as a process: an unreachable target, a bad profile for the demo server', { timeout: 120_000 }, async () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['unreachable', verify(`http://127.0.0.1:${await freePort()}`), /^workspace-api-mock verify: cannot reach http:\/\/127\.0\.0\.1:\d+ \(GET \/api\/workspaces\): connection refused \(ECONNREFUSED\)$/],
    ['bad profile, demo server', ['--port', '0', '--profile', join(dir, 'bad-profile.json')], /^workspace-api-mock: .*bad-profile\.json: profile: paging\.pageSize\.max: /],
  ]
  const runs = await Promise.all(cases.map(([, args]) => runCli(args, 30_000)))
  cases.forEach(([name, , message], index) => expectOneLine(name, runs[index]!, message))
})

test.each([
  ['a rate of 0', () => verify(mock.url, '--rate', '0'), /^workspace-api-mock verify: --rate must be a number of requests per second above 0, such as 5 or 0\.5, got "0" \(every flag: workspace-api-mock verify --help\)$/],
  ['a 401 target', () => verify(mock.url), /^workspace-api-mock verify: http:\/\/127\.0\.0\.1:\d+ answered 401 to GET \/api\/workspaces: check --api-key and --api-secret$/],
  ['a target that answers HTML', () => verify(urlOf(html)), /answered text\/html, not JSON, to GET \/api\/workspaces: is it the API's base URL \(without \/api\)\?$/],
  ['a silent target', () => verify(urlOf(silent), '--timeout', '300'), /: http:\/\/127\.0\.0\.1:\d+ did not answer GET \/api\/workspaces within 0\.3 s \(--timeout\)$/],
  ['no --target', () => ['verify', '--api-key', 'k', '--api-secret', 's'], /: missing --target: verify --target <url> --api-key <key> --api-secret <secret> /],
  ['a --target that is no URL', () => verify('staging'), /: --target must be an http or https URL such as https:\/\/api\.example\.com, got "staging"/],
  ['a --target ending in /api', () => verify('http://127.0.0.1:4010/api/'), /: --target is the service's base URL without \/api \(the command adds \/api\/\.\.\.\): try --target http:\/\/127\.0\.0\.1:4010 /],
  ['a --target with credentials', () => verify('https://user:pass@staging.example.com'), /: --target must not hold a user name or password: give the principal with --api-key and --api-secret /],
  ['a report it cannot write', () => ['verify', '--target', mock.url, '--api-key', mock.api.credentials.apiKey, '--api-secret', mock.api.credentials.apiSecret, '--rate', '1000', '--report', join(dir, 'no-such-folder', 'report.json')], /: cannot write .*no-such-folder\/report\.json: ENOENT$/],
  ['a bad profile', () => verify(mock.url, '--profile', join(dir, 'bad-profile.json')), /bad-profile\.json: profile: paging\.pageSize\.max: /],
  ['a --baseline that is no report', () => verify(mock.url, '--baseline', join(dir, 'bad-profile.json')), /: --baseline .*bad-profile\.json: not a report of verify --report: target: Invalid input: expected string, received undefined$/],
  [
    'an --operations-out file verify did not write',
    () => verify(mock.url, '--operations-out', join(dir, 'bad-profile.json')),
    /: --operations-out .*bad-profile\.json: not a module verify or drift wrote \(the line "\/\/ workspace-api-mock: new workspace fields go above this line" is missing\): name a new file, or put the line back$/,
  ],
  ['--openapi without --operations-out', () => verify(mock.url, '--openapi', join(dir, 'deep.json')), /: --openapi names the document --operations-out reads operations from: give --operations-out too \(every flag: /],
  ['an --openapi that answers no JSON', () => verify(mock.url, '--operations-out', join(dir, 'new.ts'), '--openapi', `${urlOf(html)}/openapi.json`), /: --openapi: http:\/\/127\.0\.0\.1:\d+\/openapi\.json answered no JSON$/],
  ['an --openapi file nested too deep', () => verify(mock.url, '--operations-out', join(dir, 'new.ts'), '--openapi', join(dir, 'deep.json')), /: --openapi .*deep\.json: nested deeper than 32 levels$/],
  ['an unknown flag', () => verify(mock.url, '--rates', '5'), /^workspace-api-mock verify: unknown flag --rates for verify \(did you mean --rate\?\) \(every flag: workspace-api-mock verify --help\)$/],
])('in-process: %s', async (name, args, message) => {
  const run = await verifyInProcess(args())
  // The summary was printed before the report could not be written; the error is still one line.
  expectOneLine(name, name === 'a report it cannot write' ? { ...run, stdout: '' } : run, message)
})
