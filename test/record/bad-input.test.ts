/**
 * What `record` says when it cannot record: one line on stderr naming the target and why, exit code 2,
 * no stack trace, no credentials, and no state file left behind.
 */
import { once } from 'node:events'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { helpText } from '../../src/cli/serve-flags.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { record as recordCommand } from '../../src/cli/record.ts'
import { freePort, runCli } from '../cli/cli-process.ts'

const folder = mkdtempSync(join(tmpdir(), 'wam-record-bad-'))
const SECRET = 'the-target-secret'
let mock: MockServer
let html: Server
let htmlUrl: string

beforeAll(async () => {
  mock = await startMockServer({ port: 0, scenario: 'empty', seed: 1 })
  html = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><p>Welcome</p>'))
  html.listen(0, '127.0.0.1')
  await once(html, 'listening')
  htmlUrl = `http://127.0.0.1:${(html.address() as { port: number }).port}`
})

afterAll(async () => {
  await mock?.close()
  html?.close()
  rmSync(folder, { recursive: true, force: true })
})

const record = (target: string, ...extra: string[]) => {
  const out = join(folder, `${Math.random().toString(36).slice(2)}.json`)
  return runCli(['record', '--target', target, '--api-key', 'some-key', '--api-secret', SECRET, '--out', out, '--rate', '1000', '--timeout', '5s', ...extra]).then((result) => ({ ...result, out }))
}

describe('a target record cannot read', () => {
  test.concurrent.each([
    ['nobody listens', async () => `http://127.0.0.1:${await freePort()}`, /^workspace-api-mock record: cannot reach http:\/\/127\.0\.0\.1:\d+ \(GET \/api\/workspaces\S*\): connection refused \(ECONNREFUSED\)\n$/],
    ['the credentials are refused (401)', async () => mock.url, /^workspace-api-mock record: http:\/\/127\.0\.0\.1:\d+ refused the credentials \(401 Unauthorized to GET \/api\/workspaces\S*\): check --api-key and --api-secret\n$/],
    ['it answers HTML', async () => htmlUrl, /^workspace-api-mock record: http:\/\/127\.0\.0\.1:\d+ answered text\/html, not the API \(200 OK to GET \/api\/workspaces\S*\): is --target the API's base URL\?\n$/],
  ])('%s: one line, exit 2, no file', async (_what, target, message) => {
    const result = await record(await target())
    expect(result).toMatchObject({ code: 2, stdout: '', stderr: expect.stringMatching(message) })
    expect(result.stderr).not.toContain(SECRET)
    expect(existsSync(result.out)).toBe(false)
  })
})

describe('flags (the command itself, in this process)', () => {
  const run = async (args: string[]) => {
    let stdout = ''
    let stderr = ''
    const code = await recordCommand(args, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } })
    return { code, stdout, stderr }
  }

  test.each([
    [['--api-key', 'k', '--api-secret', 's'], 'missing --target, --out: record --target <url>'],
    [['--target', 'not a url', '--api-key', 'k', '--api-secret', 's', '--out', 'x.json'], '--target must be an http or https URL such as https://api.example.com, got "not a url"'],
    [['--target', 'http://h?x=1', '--api-key', 'k', '--api-secret', 's', '--out', 'x.json'], '--target must be a base URL without query or fragment'],
    [['--target', 'https://staging.example.com/v1/api', '--api-key', 'k', '--api-secret', 's', '--out', 'x.json'], "--target is the service's base URL without /api (the command adds /api/...): try --target https://staging.example.com/v1"],
    [['--target', 'http://me:pw@h', '--api-key', 'k', '--api-secret', 's', '--out', 'x.json'], '--target must not hold a user name or password'],
    [['--target', 'http://h', '--api-key', 'k', '--api-secret', 's', '--out', 'x.json', '--rate', '0'], '--rate must be a number of requests per second above 0'],
    [['--target', 'http://h', '--api-key', 'k', '--api-secret', 's', '--out', 'x.json', '--rate=-1'], '--rate must be a number of requests per second above 0'],
    [['--target', 'http://h', '--api-key', 'k', '--api-secret', 's', '--out', 'x.json', '--rate', '-1'], '--rate must be a number of requests per second above 0, such as 5 or 0.5, got "-1"'],
    [['--target', 'http://h', '--api-key', 'k', '--api-secret', 's', '--out', 'no/such/folder/x.json'], '--out: no such folder'],
    [['--target', 'http://h', '--api-key', 'k', '--api-secret', 's', '--out', 'x.json', '--icons-origin', 'http://h/x'], '--icons-origin must be an origin, without a path'],
    [['--target', 'http://h', '--api-key', 'k', '--api-secret', 's', '--out', 'x.json', '--max-records', '0'], '--max-records must be an integer from 1 to 100000000, got "0"'],
    [['--target', 'http://h', '--api-key', 'k', '--api-secret', 's', '--out', 'x.json', '--max-answer', '1MB'], '--max-answer must be a size such as 8MiB, 512KiB or a number of bytes (at least 1024), got "1MB"'],
    [['--tagret', 'http://h'], 'unknown flag --tagret for record (did you mean --target?)'],
    [['serve'], 'unexpected argument "serve"'],
  ])('%j: a usage error, exit 2', async (args, message) => {
    const result = await run(args)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`workspace-api-mock record: ${message}`)
    expect(result.stderr).toContain('Run "workspace-api-mock record --help" to see every flag.')
  })

  test('--help lists every flag and exits 0', async () => {
    const result = await run(['--help'])
    expect(result.code).toBe(0)
    for (const flag of ['--target', '--api-key', '--api-secret', '--out', '--as-key', '--as-secret', '--icons-origin', '--rate', '--timeout', '--max-records', '--max-answer']) expect(result.stdout).toContain(flag)
  })
})

test('the command\'s --help names record', () => {
  expect(helpText()).toContain('\n       workspace-api-mock record --target <url> --api-key <key> --api-secret <secret> --out <file.json>\n')
  expect(helpText()).toContain('"workspace-api-mock record --help", docs/record.md.')
})
