/**
 * The demo server's `--live` and `--live-operations` (docs/live.md): parsed with their mistakes named; the
 * command as a child process forwards under the credentials of WORKSPACE_API_MOCK_LIVE_KEY and _SECRET,
 * never printing them, and prints drift as verify prints its checks; mistakes exit 2 with one line.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FlagError, parseFlags } from '../../src/cli/serve-flags.ts'
import { jsonPlant, SERVICE, startService, type Service } from '../live/service.ts'
import { authHeaders, runCli, startCli } from './cli-process.ts'

const CREDENTIALS = { WORKSPACE_API_MOCK_LIVE_KEY: SERVICE.apiKey, WORKSPACE_API_MOCK_LIVE_SECRET: SERVICE.apiSecret }

// docs/live.md's lines, run below against the test's service (the variables are CREDENTIALS).
const DOCUMENTED = `
export WORKSPACE_API_MOCK_LIVE_KEY="$SERVICE_KEY" WORKSPACE_API_MOCK_LIVE_SECRET="$SERVICE_SECRET"
npx workspace-api-mock --live https://staging.example.com --live-operations "listApplications=live,getWorkspace=fallback"
`

/** The documented command's arguments, against `target`. */
function documentedArgs(target: string): string[] {
  const line = DOCUMENTED.trim().split('\n')[1]!
  return line.replace('npx workspace-api-mock ', '').replace('https://staging.example.com', target).replaceAll('"', '').split(' ')
}

describe('parsing', () => {
  test('--live and --live-operations: the base URL and a mode per operation', () => {
    const settings = parseFlags(['--live', 'https://staging.example.com/', '--live-operations', 'getWorkspace=live, listApplications=record,*=shadow'])
    expect(settings.live).toBe('https://staging.example.com')
    expect(settings.liveOperations).toEqual({ getWorkspace: 'live', listApplications: 'record', '*': 'shadow' })
  })

  test.each([
    [['--live', 'https://x.example'], '--live needs --live-operations: which operations go to the service, e.g. --live-operations "listWorkspaces=live,*=shadow"'],
    [['--live-operations', '*=live'], '--live-operations needs --live <url>, the service they go to'],
    [['--live', 'https://x.example/api', '--live-operations', '*=live'], '--live is the service\'s base URL without /api (the command adds /api/...): try --live https://x.example'],
    [['--live', 'https://x.example', '--live-operations', '*=proxy'], '--live-operations: the mode of * must be one of mock, live, record, fallback, shadow, got "proxy"'],
    [['--live', 'https://x.example', '--live-operations', 'listWorkspaces'], '--live-operations must be name=mode pairs separated by commas, such as listWorkspaces=live,*=shadow; got "listWorkspaces"'],
    [['--live', 'https://x.example', '--live-operations', '*=live,*=mock'], '--live-operations names * twice'],
  ])('%j: %s', (argv, message) => {
    expect(() => parseFlags(argv)).toThrow(new FlagError(message))
  })
})

describe('the command', () => {
  let service: Service
  beforeAll(async () => {
    service = await startService()
  })
  afterAll(() => service.close())

  test("forwards under the environment's credentials, never printing them, and prints drift as it is found", async () => {
    const cli = await startCli(documentedArgs(service.url), { env: CREDENTIALS })
    try {
      expect(cli.stdout()).toContain(
        `Live service: ${service.url} (listApplications live, getWorkspace fallback; the rest on the mock); its credentials: from WORKSPACE_API_MOCK_LIVE_KEY and WORKSPACE_API_MOCK_LIVE_SECRET.`,
      )
      service.plant = jsonPlant(/^\/api\/applications/, (body) => {
        for (const record of body.data ?? []) record.status = 'active'
      })
      const workspace = /X-Workspace-ID: (wse_\w+)/.exec(cli.stdout())![1]!
      const answer = await fetch(`${cli.url}/api/applications`, { headers: authHeaders(cli.principals[0]!, { 'X-Workspace-ID': workspace }) })
      expect(answer.status).toBe(200)
      expect(service.sent.at(-1)!.headers).toMatchObject({ 'x-api-key': SERVICE.apiKey, 'x-api-secret': SERVICE.apiSecret })
      await expect.poll(() => cli.stdout()).toMatch(/^differs {6}listApplications\.fields +GET \/api\/applications {2}expected …\S+, observed …\S+,status,\S+ {2}\[Record fields\]$/m)
      expect(cli.stdout()).toMatch(/^differs {6}listApplications\.field-types +GET \/api\/applications /m)
      expect(cli.stdout() + cli.stderr()).not.toContain(SERVICE.apiSecret)
      expect(cli.stdout() + cli.stderr()).not.toContain(SERVICE.apiKey)
    } finally {
      service.plant = undefined
      await cli.stop()
    }
  })

  test.each([
    [{ WORKSPACE_API_MOCK_LIVE_KEY: 'only-a-key' }, ['*=live'], '--live: set both WORKSPACE_API_MOCK_LIVE_KEY and WORKSPACE_API_MOCK_LIVE_SECRET (the service\'s credentials), or neither to send none'],
    [CREDENTIALS, ['listWorkspace=live'], /^workspace-api-mock: live\.operations\.listWorkspace: the mock has no such operation \(it has listWorkspaces, /],
  ])('a mistake of --live: one line, exit code 2 (%#)', async (env, operations, message) => {
    const { code, stderr } = await runCli(['--port', '0', '--live', 'http://127.0.0.1:9', '--live-operations', ...operations], 15_000, env)
    expect(code).toBe(2)
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr.trim()).toMatch(message instanceof RegExp ? message : `workspace-api-mock: ${message}`)
  })
})
