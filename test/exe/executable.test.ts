/**
 * The demo server as one executable (`npm run build:exe`, scripts/build-exe.ts), run as a user without
 * Node runs it: a copy in a folder of its own (no node_modules above it), PATH holding that folder only (no
 * `node` on it), no NODE_* variable. It serves the demo, sessions, the console, the reference page and the
 * OpenAPI document from what is inside it, MCP with its decisions resource, reloads a --state file, and
 * refuses a scenario module.
 *
 * Skipped with a note on a developer machine that has not built it, or built it before the sources last
 * changed; in CI (`CI` set: .ci/run builds it before npm test) a missing executable fails, as the browser
 * tests fail there without Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { copyFileSync, existsSync, linkSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { waitForBanner } from '../cli/cli-process.ts'

const EXECUTABLE = fileURLToPath(new URL('../../dist/exe/workspace-api-mock', import.meta.url))
const SMALL_STATE = fileURLToPath(new URL('../../fixtures/small.json', import.meta.url))

/** Why a developer's machine skips these tests: no executable, or one older than what it is built from. */
function skipReason(): string | undefined {
  if (process.env.CI) return undefined
  if (!existsSync(EXECUTABLE)) return `no ${EXECUTABLE}`
  const built = statSync(EXECUTABLE).mtimeMs
  const newer = SOURCES.flatMap(filesOf).find((file) => statSync(file).mtimeMs > built)
  return newer ? `${EXECUTABLE} is older than ${newer}` : undefined
}

/** What the executable is built from. */
const SOURCES = ['src', 'scripts/exe', 'scripts/build-exe.ts', 'package-lock.json', 'docs/spec-decisions.md'].map((path) => fileURLToPath(new URL(`../../${path}`, import.meta.url)))

function filesOf(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path]
  return readdirSync(path, { recursive: true, encoding: 'utf8' }).map((name) => join(path, name))
}

const skipped = skipReason()
if (skipped) console.log(`test/exe skipped: ${skipped} (npm run build:exe; in CI, where .ci/run builds it first, nothing is skipped)`)

const CREDENTIALS = { 'X-API-Key': 'exe-key', 'X-API-Secret': 'exe-secret' }

interface Running {
  child: ChildProcess
  url: string
  output(): string
  stop(): Promise<void>
}

describe.skipIf(skipped !== undefined)('the single executable, without Node', { timeout: 20_000 }, () => {
  let folder: string
  let command: string
  let demo: Running

  /** Runs the executable in its folder: PATH is that folder alone, nothing else from this environment. */
  function launch(args: readonly string[]): ChildProcess {
    return spawn(command, args, { cwd: folder, env: { PATH: folder, HOME: folder, LANG: 'C.UTF-8' }, stdio: ['ignore', 'pipe', 'pipe'] })
  }

  async function serve(args: readonly string[]): Promise<Running> {
    const child = launch(['--port', '0', ...args])
    let output = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    const closed = once(child, 'close')
    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await closed
    }
    if (!(await waitForBanner(child, () => output, 10_000))) {
      await stop()
      throw new Error(`the executable did not serve:\n${output}`)
    }
    return { child, url: /^Base URL: (\S+)$/m.exec(output)![1]!, output: () => output, stop }
  }

  // A failing beforeAll would leave the tests skipped, not failed: each test throws its error instead.
  let setupError: Error | undefined
  const running = (): Running => {
    if (setupError) throw setupError
    return demo
  }

  beforeAll(async () => {
    try {
      await setUp()
    } catch (error) {
      setupError = error as Error
    }
  })

  async function setUp() {
    if (!existsSync(EXECUTABLE)) throw new Error(`no ${EXECUTABLE}: run npm run build:exe first (.ci/run does)`)
    folder = mkdtempSync(join(tmpdir(), 'wam-exe-test-'))
    command = join(folder, 'workspace-api-mock')
    // A hard link is a copy for this purpose (the folder holds nothing else) and costs nothing; across
    // file systems, a copy.
    try {
      linkSync(EXECUTABLE, command)
    } catch {
      copyFileSync(EXECUTABLE, command)
    }
    demo = await serve(['--api-key', CREDENTIALS['X-API-Key'], '--api-secret', CREDENTIALS['X-API-Secret']])
  }

  afterAll(async () => {
    await demo?.stop()
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  test('runs from a folder of its own: no node on its PATH, no node_modules around it', () => {
    running()
    expect(existsSync(join(folder, 'node'))).toBe(false)
    expect(existsSync(join(folder, 'node_modules'))).toBe(false)
    expect(existsSync(join(folder, '..', 'node_modules'))).toBe(false)
  })

  test('serves the demo scenario with the credentials given on its command line', async () => {
    const { url, output } = running()
    expect(output()).toMatch(/^workspace-api-mock \d+\.\d+\.\d+: scenario demo, seed 1, /m)
    const response = await fetch(`${url}/api/workspaces`, { headers: CREDENTIALS })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { success: boolean; data: unknown[] }
    expect(body.success).toBe(true)
    expect(body.data.length).toBeGreaterThanOrEqual(3)
  })

  test('a session: its own credentials see its own copy of the data', async () => {
    const { url } = running()
    const created = await fetch(`${url}/__admin/sessions`, { method: 'POST' })
    expect(created.status).toBe(201)
    const session = (await created.json()) as { id: string; apiKey: string; apiSecret: string }
    const headers = { 'X-API-Key': session.apiKey, 'X-API-Secret': session.apiSecret }
    const response = await fetch(`${url}/api/workspaces`, { headers })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { data: unknown[] }).data.length).toBeGreaterThanOrEqual(3)
    expect((await fetch(`${url}/__admin/sessions/${session.id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await fetch(`${url}/api/workspaces`, { headers })).status).toBe(401)
  })

  test('the console page, its script and its style sheet, from inside the executable', async () => {
    const { url } = running()
    const page = await fetch(`${url}/__admin/`, { headers: { Accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>workspace-api-mock console</title>')
    for (const [name, type] of [['console.js', 'text/javascript'], ['console.css', 'text/css']] as const) {
      const asset = await fetch(`${url}/__admin/console/${name}`)
      expect(asset.status).toBe(200)
      expect(asset.headers.get('content-type')).toContain(type)
      expect((await asset.text()).length).toBeGreaterThan(1000)
    }
  })

  test('/api/openapi.json: the document, its server this origin', async () => {
    const { url } = running()
    const response = await fetch(`${url}/api/openapi.json`)
    expect(response.status).toBe(200)
    const document = (await response.json()) as { openapi: string; servers: { url: string }[]; paths: object }
    expect(document.openapi).toMatch(/^3\.1\./)
    expect(document.servers[0]!.url).toBe(url)
    expect(Object.keys(document.paths)).toContain('/api/workspaces')
  })

  test('the reference page and its renderer (packaged gzipped, served plain to a client that asks so)', async () => {
    const { url } = running()
    const page = await fetch(`${url}/api/docs`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Scalar.createApiReference')
    const script = await fetch(`${url}/api/docs/scalar-api-reference.js`, { headers: { 'Accept-Encoding': 'identity' } })
    expect(script.status).toBe(200)
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000)
  })

  test('MCP at /__admin/mcp: the decisions resource is docs/spec-decisions.md, packed inside', async () => {
    const { url } = running()
    const client = new Client({ name: 'exe-test', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/__admin/mcp`)))
    try {
      const decisions = await client.readResource({ uri: 'docs://workspace-api-mock/decisions.md' })
      expect((decisions.contents[0] as { text: string }).text).toBe(readFileSync(new URL('../../docs/spec-decisions.md', import.meta.url), 'utf8'))
    } finally {
      await client.close()
    }
  })

  test('an icon the data points at', async () => {
    const { url } = running()
    const response = await fetch(`${url}/api/workspaces`, { headers: CREDENTIALS })
    const body = (await response.json()) as { data: { icons: { small: string } }[] }
    const image = await fetch(body.data[0]!.icons.small)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/webp')
  })

  test('--state with --watch: serves the file and reloads it when it changes', async () => {
    running()
    const state = join(folder, 'state.json')
    writeFileSync(state, readFileSync(SMALL_STATE))
    const server = await serve(['--state', 'state.json', '--watch'])
    try {
      const edited = JSON.parse(readFileSync(state, 'utf8')) as { workspaces: { name: string }[] }
      edited.workspaces[0]!.name = 'Renamed by the test'
      writeFileSync(state, JSON.stringify(edited))
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('reloaded state.json: workspaces: 1 changed')
      const response = await fetch(`${server.url}/api/workspaces`, { headers: { 'X-API-Key': 'demo-key', 'X-API-Secret': 'demo-secret' } })
      expect(JSON.stringify(await response.json())).toContain('Renamed by the test')
    } finally {
      await server.stop()
    }
  })

  test('a scenario module: one line that says it needs Node, exit code 2', async () => {
    running()
    writeFileSync(join(folder, 'my-scenario.mjs'), 'export default () => {}\n')
    const child = launch(['--scenario', './my-scenario.mjs', '--port', '0'])
    let stderr = ''
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const [code] = (await once(child, 'close')) as [number | null]
    expect(code).toBe(2)
    expect(stderr).toMatch(/^workspace-api-mock: \.\/my-scenario\.mjs: a scenario module needs Node \(npx workspace-api-mock --scenario \.\/my-scenario\.mjs\); [^\n]+\n$/)
  })
})
