/**
 * What `workspace-api-mock drift` and the admin's drift module routes cannot use (docs/live.md): a server
 * without `--live` (a 409 problem, over HTTP and MCP), a server it cannot reach, one that wants its admin
 * token, one that answers what is not drift findings, flags it cannot use, a file it did not write. Each
 * is one clear line on stderr and exit code 2, and nothing is written: two through the command as a
 * process, the rest through the same function in-process.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { driftCommand } from '../../src/cli/drift.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { freePort, runCli } from '../cli/cli-process.ts'
import { call, expectProblem } from '../server/http-helpers.ts'
import { toolError } from '../server/mcp-helpers.ts'

const TOKEN = 'drift-admin-token-0123456789'
const NO_LIVE = 'the server has no live service, so nothing of one was seen: start it with --live <url> --live-operations "*=shadow" (docs/live.md)'
let plain: MockServer
let guarded: MockServer
let junk: Server
// Made as the file loads: the cases below name files in it.
const dir = mkdtempSync(join(tmpdir(), 'drift-bad-'))

beforeAll(async () => {
  plain = await startMockServer({ port: 0, scenario: 'empty' })
  guarded = await startMockServer({ port: 0, scenario: 'empty', adminToken: TOKEN })
  junk = createServer((_, response) => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"records":"\\u001b[31mred"}'))
  await new Promise<void>((listening) => junk.listen(0, '127.0.0.1', listening))
  writeFileSync(join(dir, 'mine.ts'), 'export default []\n')
})
afterAll(async () => {
  await new Promise((closed) => junk.close(closed))
  await plain.close()
  await guarded.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The command in this process, its output captured. */
async function drift(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await driftCommand(args, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) } })
  return { code, stdout, stderr }
}

function expectOneLine(run: { code: number | null; stdout: string; stderr: string }, message: string | RegExp): void {
  expect(run.code).toBe(2)
  expect(run.stdout).toBe('')
  expect(run.stderr.split('\n')).toHaveLength(2)
  expect(run.stderr.trimEnd()).toMatch(typeof message === 'string' ? `workspace-api-mock drift: ${message}` : message)
}

test('a server without --live: its drift module routes and MCP tool are a 409 that says how to start it', async () => {
  expectProblem(await call(plain.url, '/__admin/drift/module'), 409, plain.url, NO_LIVE)
  expectProblem(await call(plain.url, '/__admin/drift/findings'), 409, plain.url, NO_LIVE)
  const client = new Client({ name: 'drift-command-test', version: '1' })
  await client.connect(new StreamableHTTPClientTransport(new URL(`${plain.url}/__admin/mcp`)))
  try {
    expect(await toolError(client, 'drift_module', {})).toBe(`409 ${NO_LIVE}`)
  } finally {
    await client.close()
  }
})

test('the command as a process: a server without --live, a server that is not there', { timeout: 60_000 }, async () => {
  const out = join(dir, 'api-changes.ts')
  const runs = await Promise.all([
    runCli(['drift', '--operations-out', out, '--url', plain.url], 30_000),
    runCli(['drift', '--operations-out', out, '--url', `http://127.0.0.1:${await freePort()}`], 30_000),
  ])
  expectOneLine(runs[0]!, `${plain.url} answered GET /__admin/drift/findings with 409: ${NO_LIVE}`)
  expectOneLine(runs[1]!, /^workspace-api-mock drift: cannot reach http:\/\/127\.0\.0\.1:\d+ \(GET \/__admin\/drift\/findings\): connection refused \(ECONNREFUSED\)$/)
  expect(existsSync(out)).toBe(false)
})

test.each([
  ['no --url', () => ['--operations-out', join(dir, 'a.ts')], 'missing --url: drift --operations-out <file.ts> --url <url> (every flag: workspace-api-mock drift --help)'],
  ['a --url that is no URL', () => ['--operations-out', join(dir, 'a.ts'), '--url', 'localhost:4010'], '--url must be an http or https URL, got "localhost:4010" (every flag: workspace-api-mock drift --help)'],
  ['a session that is a path', () => ['--operations-out', join(dir, 'a.ts'), '--url', plain.url, '--session', '../info'], '--session must be a session id, ses_ and 32 hex digits (POST /__admin/sessions answers it), got "../info" (every flag: workspace-api-mock drift --help)'],
  ['a folder that is not there', () => ['--operations-out', join(dir, 'none', 'a.ts'), '--url', plain.url], `--operations-out: no such folder: ${join(dir, 'none')} (every flag: workspace-api-mock drift --help)`],
  ['a file it did not write', () => ['--operations-out', join(dir, 'mine.ts'), '--url', plain.url], `--operations-out ${join(dir, 'mine.ts')}: not a module verify or drift wrote (the line "// workspace-api-mock: new workspace fields go above this line" is missing): name a new file, or put the line back`],
  ['a server that wants its token', () => ['--operations-out', join(dir, 'a.ts'), '--url', guarded.url], /^workspace-api-mock drift: http:\/\/127\.0\.0\.1:\d+ answered GET \/__admin\/drift\/findings with 401: .* \(give the server's --admin-token with --admin-token\)$/],
  ['the token given, a session that is not there', () => ['--operations-out', join(dir, 'a.ts'), '--url', guarded.url, '--admin-token', TOKEN, '--session', `ses_${'0'.repeat(32)}`], /^workspace-api-mock drift: http:\/\/127\.0\.0\.1:\d+ answered GET \/__admin\/sessions\/ses_0{32}\/drift\/findings with 404: no session ses_0{32}/],
  ['a server that answers what is not drift findings', () => ['--operations-out', join(dir, 'a.ts'), '--url', `http://127.0.0.1:${(junk.address() as AddressInfo).port}`], /^workspace-api-mock drift: http:\/\/127\.0\.0\.1:\d+ answered GET \/__admin\/drift\/findings with what is not drift findings: source: /],
])('%s: one line, exit code 2, nothing written', async (_, args, message) => {
  expectOneLine(await drift(...args()), message)
  expect(existsSync(join(dir, 'a.ts'))).toBe(false)
  expect(readFileSync(join(dir, 'mine.ts'), 'utf8')).toBe('export default []\n')
})

test('--help says what it does, and exits 0', async () => {
  const run = await drift('--help')
  expect(run.code).toBe(0)
  expect(run.stdout).toMatch(/^Usage: workspace-api-mock drift --operations-out <file\.ts> --url <server> \[flags\]\n/)
  expect(run.stdout).toContain('  workspace-api-mock drift --operations-out ./api-changes.ts --url http://127.0.0.1:4010\n')
})
