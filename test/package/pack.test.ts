/**
 * The package as users get it: `npm pack` of a fresh copy of the repository (its `prepack` builds `dist/`),
 * the tarball installed with msw into a new project, and examples/node-consumer run and type-checked there.
 */
import { execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { createRequire } from 'node:module'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CHROMIUM } from '../support/chromium.ts'
import { oldNode } from '../support/old-node.ts'
import { asDocumented, codeLines, documentedBanner, runBlock, runBlocks, startServer, stopServer, usageBlocks } from './readme-blocks.ts'
import { packFreshCopy, userEnv } from '../support/packed.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const CONSUMER_FILES = fileURLToPath(new URL('../../examples/node-consumer/', import.meta.url))
/** The address the documentation gives the demo server (`npx workspace-api-mock` without `--port`). */
const DOCUMENTED_URL = 'http://127.0.0.1:4010'
/** A project with a client generated from the served OpenAPI document (docs/openapi.md). */
const OPENAPI_CLIENT = fileURLToPath(new URL('../../examples/openapi-client/', import.meta.url))
/** What the consumer suite needs besides the documented install (`npm install --save-dev workspace-api-mock msw`). */
const TOOLING = ['axios@^1', 'vitest@^5.1.1', 'typescript@^7.0.2', '@types/node@^24', 'openapi-fetch@^0.17.0']
/**
 * The test runners' packages, as docs/runners.md tells users to install them (`npm install --save-dev ...`
 * blocks), installed with the rest in one go. They are devDependencies of this repository too, so `npm ci`
 * has left them in npm's cache and `--prefer-offline` finds them there.
 */
const RUNNER_TOOLING = [
  ...new Set(
    usageBlocks()
      .filter((block) => block.document === 'docs/runners.md' && block.marker === 'usage-run' && block.target === 'install')
      .flatMap((block) => block.code.trim().split(/\s+/).slice(2))
      .filter((word) => !word.startsWith('-')),
  ),
]
/**
 * The runner recipes of docs/runners.md: a folder under examples/ and the command the docs run there.
 * examples/storybook's commands (docs/storybook.md) run in `npm run test:storybook`, too slow for npm test.
 */
const RUNNER_RECIPES = new Map(
  usageBlocks()
    .filter((block) => block.marker === 'usage-run' && block.target!.startsWith('examples/') && block.target !== 'examples/storybook')
    .map((block) => [block.target!, block.code.trim()] as const),
)

const run = promisify(execFile)
/** The machine's own Node when it is older than the kit needs (the kit's is 24). */
const old = oldNode()

/** Runs a command with the user's environment; resolves with its exit code and combined output. */
async function command(
  file: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; output: string }> {
  const child = spawn(file, args, { cwd, env: { ...userEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const [code] = (await once(child, 'close')) as [number]
  return { code, output: output.replace(/\x1b\[[0-9;]*m/g, '') }
}

describe('the packed package in a fresh consumer project', { timeout: 120_000 }, () => {
  let stage: string
  let consumer: string
  let packedTarball: string
  let packedFiles: string[]
  let manifest: Record<string, any>

  beforeAll(async () => {
    stage = mkdtempSync(join(tmpdir(), 'wam-pack-'))
    const packed = await packFreshCopy(stage)
    packedFiles = packed.files
    const tarball = (packedTarball = packed.tarball)

    consumer = join(stage, 'consumer')
    mkdirSync(consumer)
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2))
    for (const file of readdirSync(CONSUMER_FILES)) cpSync(join(CONSUMER_FILES, file), join(consumer, file))

    // The README's install line, with this test's tarball standing in for the one it names (or for the
    // registry's package, once the line names that).
    const [install] = runBlocks('install')
    const args = install!.trim().split(/\s+/).slice(1).map((word) => (word === 'workspace-api-mock' || word.endsWith('.tgz') ? tarball : word))
    const installed = await command('npm', [...args, ...TOOLING, ...RUNNER_TOOLING, '--no-audit', '--no-fund', '--prefer-offline'], consumer)
    expect(installed.output).not.toMatch(/ERR!/)
    expect(installed.code).toBe(0)
    manifest = JSON.parse(readFileSync(join(consumer, 'node_modules/workspace-api-mock/package.json'), 'utf8'))
  }, 180_000)

  afterAll(() => {
    if (stage) rmSync(stage, { recursive: true, force: true })
  })

  test('the tarball holds the built JS and .d.ts of every entry point, the bin, the JSON fixtures, the docs and the license, nothing of the sources', () => {
    const outside = packedFiles.filter((path) => !path.startsWith('dist/'))
    const schemas = readdirSync(join(ROOT, 'fixtures/schemas')).map((name) => `fixtures/schemas/${name}`)
    const docs = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).filter((name) => /\.(md|png)$/.test(name)).map((name) => `docs/${name}`)
    expect(docs).toContain('docs/spec-decisions.md')
    expect(outside.sort()).toEqual(
      ['LICENSE', 'README.md', 'package.json', 'fixtures/demo.json', 'fixtures/small.json', 'fixtures/openapi.json', 'fixtures/openapi.yaml', 'fixtures/profile.schema.json', 'fixtures/evidence.schema.json', 'fixtures/coverage.schema.json', 'llms.txt', 'skills/workspace-api-mock/SKILL.md', ...schemas, ...docs].sort(),
    )
    for (const entry of ['index', 'node/index', 'browser/index', 'vitest/index', 'vitest/coverage-setup', 'playwright/index', 'storybook/index', 'devtools/index', 'cli/main']) {
      expect(packedFiles).toContain(`dist/${entry}.js`)
      expect(packedFiles).toContain(`dist/${entry}.d.ts`)
    }
    expect(packedFiles.filter((path) => /\.ts$/.test(path) && !path.endsWith('.d.ts'))).toEqual([])
  })

  test('the manifest: exports with types for each entry, the bin, msw (and optionally vitest, @playwright/test and storybook) as peers', () => {
    for (const entry of ['.', './node', './browser', './vitest', './playwright', './storybook', './devtools']) {
      const target = manifest.exports[entry]
      expect(Object.keys(target)[0]).toBe('types')
      for (const path of Object.values(target) as string[]) {
        expect(existsSync(join(consumer, 'node_modules/workspace-api-mock', path)), path).toBe(true)
      }
    }
    expect(manifest.bin).toEqual({ 'workspace-api-mock': './dist/cli/main.js' })
    expect(manifest.peerDependencies).toEqual({ msw: expect.stringMatching(/^\^3\./), vitest: '>=3', '@playwright/test': '>=1.41', storybook: '>=10' })
    expect(manifest.peerDependenciesMeta).toEqual({ vitest: { optional: true }, '@playwright/test': { optional: true }, storybook: { optional: true } })
    expect(manifest.dependencies.msw).toBeUndefined()
    // `workspace-api-mock/fixtures/small.json` and `workspace-api-mock/schemas/ErrorModel.json` resolve.
    expect(manifest.exports['./fixtures/*.json']).toBe('./fixtures/*.json')
    expect(manifest.exports['./schemas/*.json']).toBe('./fixtures/schemas/*.json')
    for (const file of ['fixtures/small.json', 'fixtures/demo.json', 'fixtures/schemas/ErrorModel.json']) {
      expect(existsSync(join(consumer, 'node_modules/workspace-api-mock', file)), file).toBe(true)
    }
  })

  test('nothing a consumer may not need loads at import: icons, the JSON Schema generator and the full-storage warning (browser entry), the CLI and MCP are lazy chunks', () => {
    const dist = join(consumer, 'node_modules/workspace-api-mock/dist')
    /** Every file an entry loads at import: its static imports, transitively (dynamic imports excluded). */
    const staticGraph = (file: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(file)) return seen
      seen.add(file)
      const source = readFileSync(file, 'utf8')
      // `import ... from "./x"`, `export ... from "./x"` and `import "./x"`, but not `import("./x")`.
      for (const [, specifier] of source.matchAll(/^(?:import|export)\b[^"(]*?"(\.[^"]+)"/gm)) {
        staticGraph(join(file, '..', specifier!), seen)
      }
      return seen
    }
    const loaded = (entry: string) => [...staticGraph(join(dist, entry))].map((file) => relative(dist, file))
    const dynamic = readdirSync(join(dist, 'chunks')).filter((name) => /^(icon-data|json-schemas|server|banner|storage-full)-/.test(name))
    // Rolldown's hash is 8 characters of base64url, which may hold a `-` too.
    expect(dynamic.map((name) => name.replace(/-[\w-]{8}\.js$/, '')).sort()).toEqual(['banner', 'icon-data', 'json-schemas', 'server', 'storage-full'])
    for (const entry of ['index.js', 'browser/index.js', 'vitest/index.js', 'playwright/index.js', 'node/index.js', 'storybook/index.js']) {
      expect(loaded(entry).filter((file) => /icon-data|banner/.test(file)), entry).toEqual([])
    }
    // The storybook entry ships to the preview: no JSON Schema generator, OpenAPI documents, server or MCP at import.
    expect(loaded('storybook/index.js').filter((file) => /json-schemas|json-schema-processors|served-documents|document|yaml|server|mcp-/.test(file))).toEqual([])
    expect(loaded('browser/index.js').filter((file) => /json-schemas|storage-full|devtools|panel/.test(file))).toEqual([])
    // The devtools' launcher loads alone; the panel (the console UI) on its first opening.
    expect(loaded('devtools/index.js').filter((file) => /panel|console-ui|mock-admin/.test(file))).toEqual([])
    expect(loaded('storybook/index.js').filter((file) => /devtools|panel/.test(file))).toEqual([])
    expect(loaded('index.js').filter((file) => /server/.test(file))).toEqual([])
    // The walk sees what is static: the main entry exports the generator, the node entry the server.
    expect(loaded('index.js').some((file) => /json-schemas/.test(file))).toBe(true)
    expect(loaded('node/index.js').some((file) => /chunks\/server-/.test(file))).toBe(true)
    // The OpenAPI generator and the YAML library load with the first request for a document (or the
    // reference page); the browser entry loads zod's JSON Schema generator only then too.
    for (const entry of ['index.js', 'browser/index.js', 'vitest/index.js', 'node/index.js']) {
      expect(loaded(entry).filter((file) => /chunks\/(served-documents|document|yaml)-/.test(file)), entry).toEqual([])
    }
    expect(loaded('browser/index.js').filter((file) => /json-schema-processors/.test(file))).toEqual([])
    // The MCP SDK, bundled (decision 0011), loads with `/__admin/mcp`'s first request or the `mcp` command only.
    expect(readdirSync(join(dist, 'chunks')).filter((name) => /^mcp-(server|http|stdio)-/.test(name))).toHaveLength(3)
    for (const entry of ['index.js', 'browser/index.js', 'vitest/index.js', 'playwright/index.js', 'node/index.js', 'cli/main.js']) {
      expect(loaded(entry).filter((file) => /chunks\/mcp-/.test(file)), entry).toEqual([])
    }
    // The record command (src/cli/record.ts, src/record/) loads with `workspace-api-mock record` only.
    expect(readdirSync(join(dist, 'chunks')).filter((name) => /^record-/.test(name))).toHaveLength(1)
    expect(loaded('cli/main.js').filter((file) => /chunks\/record-/.test(file))).toEqual([])
    // So does verify (src/cli/verify.ts, src/verify/), with `workspace-api-mock verify`.
    // Its files' readers (src/cli/verify-files.ts) are a chunk of their own, which the drift command shares.
    expect(readdirSync(join(dist, 'chunks')).filter((name) => /^verify-/.test(name) && !name.startsWith('verify-files-'))).toHaveLength(1)
    expect(loaded('cli/main.js').filter((file) => /chunks\/verify-/.test(file))).toEqual([])
  })

  test('the consumer suite passes: setupServer with global fetch and axios, api.db, and startMockServer', async () => {
    const vitest = join(consumer, 'node_modules/vitest/vitest.mjs')
    const { code, output } = await command(process.execPath, [vitest, 'run'], consumer)
    expect(output).toMatch(/Tests\s+9 passed \(9\)/)
    expect(code).toBe(0)
  })

  test('a consumer TypeScript file type-checks against the shipped types (skipLibCheck off)', async () => {
    const tsc = join(consumer, 'node_modules/typescript/bin/tsc')
    const { code, output } = await command(process.execPath, [tsc, '--singleThreaded', '-p', 'tsconfig.json'], consumer)
    expect(output).toBe('')
    expect(code).toBe(0)
  })

  test('the packed command serves the console (page, script, style), sessions, and --state with --watch reloads the file', async () => {
    const state = join(consumer, 'snapshot.json')
    cpSync(join(consumer, 'node_modules/workspace-api-mock/fixtures/small.json'), state)
    const server = await startServer('npx workspace-api-mock --state snapshot.json --watch --port 0', consumer)
    try {
      const page = await fetch(`${server.url}/__admin/`, { headers: { Accept: 'text/html' } })
      expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
      const html = await page.text()
      for (const [file, type] of [['console.js', 'text/javascript'], ['console.css', 'text/css']] as const) {
        expect(html).toContain(`/__admin/console/${file}`)
        const asset = await fetch(`${server.url}/__admin/console/${file}`)
        expect(asset.status).toBe(200)
        expect(asset.headers.get('Content-Type')).toMatch(new RegExp(`^${type}`))
        // The package's own built file, whole (the style sheet is short since the console UI keeps its rules in styles.ts).
        const shipped = readFileSync(join(consumer, 'node_modules/workspace-api-mock/dist/console/client', file), 'utf8')
        expect(shipped.length).toBeGreaterThan(1000)
        expect(await asset.text()).toBe(shipped)
      }
      const session = await fetch(`${server.url}/__admin/sessions`, { method: 'POST' })
      expect(session.status).toBe(201)
      const names = async () => {
        const response = await fetch(`${server.url}/api/workspaces`, { headers: { 'X-API-Key': 'demo-key', 'X-API-Secret': 'demo-secret' } })
        return ((await response.json()).data as Array<{ name: string }>).map((w) => w.name)
      }
      expect(await names()).toEqual(['Production', 'Staging'])
      const edited = JSON.parse(readFileSync(state, 'utf8'))
      edited.workspaces[0].name = 'Edited in the consumer'
      writeFileSync(state, JSON.stringify(edited))
      await expect.poll(names, { timeout: 5000, interval: 100 }).toEqual(['Edited in the consumer', 'Staging'])
      expect(server.output()).toMatch(/reloaded snapshot\.json: workspaces: 1 changed/)
    } finally {
      await stopServer(server)
    }
  })

  test("the packed entries' session client and fixtures: connectMockServer with a token, a session's fault and journal, MockServerError; sessionTest", async () => {
    const script = `
      import { connectMockServer, MockServerError, startMockServer } from 'workspace-api-mock/node'
      import { mockSessionFixtures, sessionTest } from 'workspace-api-mock/playwright'
      const server = await startMockServer({ port: 0, adminToken: 'packed' })
      const session = await connectMockServer(server.url, { adminToken: 'packed' }).sessions.create({ scenario: 'empty' })
      await session.faults.fail('listWorkspaces', { status: 503 })
      const headers = { 'X-API-Key': session.credentials.apiKey, 'X-API-Secret': session.credentials.apiSecret }
      const { status } = await fetch(server.url + '/api/workspaces', { headers })
      const refused = await connectMockServer(server.url).sessions.list().catch((error) => error)
      console.log(status, await session.journal.count(), await session.end(), refused instanceof MockServerError && refused.status)
      console.log(typeof sessionTest.extend, Object.keys(mockSessionFixtures).sort().join())
      await server.close()
    `
    const { code, output } = await command(process.execPath, ['--input-type=module', '-e', script], consumer)
    expect(output).toBe('503 1 true 401\nfunction mockApiCoverage,mockServer,mockServerConnection,mockSession,mockSessionOptions\n')
    expect(code).toBe(0)
  })

  // The block that generates a typed client runs in its own test below.
  const generatesClient = (code: string) => code.includes('openapi-typescript')

  test.each(runBlocks('consumer').filter((code) => !generatesClient(code)))('the documented commands run in the consumer: %s', async (code) => {
    const outputs = await runBlock(code, consumer)
    // A server on every interface (`--host 0.0.0.0`) prints its base URL as localhost.
    for (const output of outputs) expect(output).toMatch(/Base URL: http:\/\/(127\.0\.0\.1|localhost):/)
  })

  test('the packed `npx workspace-api-mock` prints the banner docs/demo-server.md shows, word for word', async () => {
    const { args, text } = documentedBanner()
    const server = await startServer(`npx workspace-api-mock ${args.join(' ')} --port 0`, consumer)
    try {
      const printed = server.output()
      const banner = printed.slice(0, printed.indexOf('Press Ctrl+C to stop.\n') + 'Press Ctrl+C to stop.\n'.length)
      expect(asDocumented(banner, server.url, text)).toBe(text)
    } finally {
      await stopServer(server)
    }
  })

  test.skipIf(!old)(`on an older Node (${old?.path} v${old?.version}) the packed entries and command say which Node they need`, async () => {
    const sentence = `workspace-api-mock needs Node >= 22.12 (this is v${old!.version}): npm install --save-dev node@24 gives the project its own (README.md, Install)`
    const cli = await command(old!.path, [join(consumer, 'node_modules/workspace-api-mock/dist/cli/main.js'), '--port', '0'], consumer)
    expect(cli).toEqual({ code: 2, output: `${sentence}\n` })
    for (const entry of ['workspace-api-mock', 'workspace-api-mock/node', 'workspace-api-mock/vitest', 'workspace-api-mock/playwright']) {
      const imported = await command(old!.path, ['--input-type=module', '-e', `await import(${JSON.stringify(entry)})`], consumer)
      expect(imported.code, entry).toBe(1)
      expect(imported.output, entry).toContain(`Error: ${sentence}\n`)
    }
  })

  /** A project as `npm init -y` makes one (`"type": "commonjs"`), on the consumer's modules unless it installs its own. */
  async function initProject(name: string, env: NodeJS.ProcessEnv = {}, modules = true): Promise<string> {
    const project = join(stage, name)
    mkdirSync(project)
    const init = await command('npm', ['init', '-y'], project, env)
    expect(init.code, init.output).toBe(0)
    expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).type).toBe('commonjs')
    if (modules) symlinkSync(join(consumer, 'node_modules'), join(project, 'node_modules'))
    cpSync(join(ROOT, 'examples/extending/api-changes.ts'), join(project, 'api-changes.ts'))
    return project
  }

  /** docs/extending.md's `--operations` command serves its module: the DELETE and the field of its own. */
  async function servesApiChanges(project: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
    const documented = usageBlocks().find((b) => b.document === 'docs/extending.md' && /^npx workspace-api-mock --operations /.test(b.code))!.code.trim()
    const server = await startServer(`${documented.replace(' --watch', '')} --port 0`, project, env)
    try {
      expect(server.output()).toContain('Operations of your own (./api-changes.ts): DELETE /api/workspaces/{workspaceId} (deleteWorkspace); fields: application.status.')
      const headers = { 'X-API-Key': /X-API-Key: (\S+)/.exec(server.output())![1]!, 'X-API-Secret': /X-API-Secret: (\S+)/.exec(server.output())![1]! }
      const [workspace] = (await (await fetch(`${server.url}/api/workspaces`, { headers })).json()).data
      const page = await (await fetch(`${server.url}/api/applications`, { headers: { ...headers, 'X-Workspace-ID': workspace.id } })).json()
      expect(['active', 'paused']).toContain(page.data[0].status)
      expect((await fetch(`${server.url}/api/workspaces/${workspace.id}`, { method: 'DELETE', headers })).status).toBe(204)
      expect(server.output()).not.toMatch(/Warning|Error/)
    } finally {
      await stopServer(server)
    }
  }

  test('a project npm init made ("type": "commonjs"): the packed command loads docs/extending.md\'s --operations module as an ES module', async () => {
    await servesApiChanges(await initProject('commonjs'))
  })

  test.skipIf(!old)(`on the machine's Node (v${old?.version}): the README's recipe, Node 24 as a devDependency, runs Vitest (4, as npm picks there) and the command with a CommonJS project's --operations module`, async () => {
    // Only the old Node's folder and the system's on the PATH: npm itself runs on it, as on such a machine.
    const env = { PATH: `${dirname(old!.path)}:/usr/local/bin:/usr/bin:/bin` }
    const project = await initProject('old-node', env, false)
    const [install, ...steps] = codeLines(runBlocks('old-node')[0]!).split('\n')
    const args = install!.split(/\s+/).slice(1).map((word) => (word.endsWith('.tgz') ? packedTarball : word))
    const installed = await command('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], project, env)
    expect(installed.output).not.toMatch(/ERR!/)
    expect(installed.code).toBe(0)
    expect((await command(join(project, 'node_modules/.bin/node'), ['--version'], project, env)).output).toMatch(/^v24\./)
    // npm picks the newest Vitest whose engines take the Node it runs on: 4, as docs/package.md says.
    const { devDependencies } = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'))
    expect(devDependencies.vitest).toMatch(/^\^4\./)
    expect(readFileSync(join(ROOT, 'docs/package.md'), 'utf8')).toContain('installs Vitest 4')
    // The Vitest helper example of docs/runners.md as the project's suite, run by the recipe's own command.
    cpSync(join(ROOT, 'test/readme/vitest-helper.test.ts'), join(project, 'helper.test.ts'))
    for (const step of steps) {
      const { code, output } = await command('sh', ['-c', step], project, env)
      expect({ step, code }, output).toEqual({ step, code: 0 })
      expect(output).toMatch(/Tests\s+1 passed \(1\)/)
    }
    await servesApiChanges(project, env)
  }, 180_000)

  test("the installed package's README, docs and --help lead to files it holds: every relative link, every docs/ page named", async () => {
    const installed = join(consumer, 'node_modules/workspace-api-mock')
    const pages = ['README.md', ...packedFiles.filter((path) => path.startsWith('docs/'))]
    const missing: string[] = []
    for (const page of pages) {
      // Links outside code: `[text](target)`, without web addresses and anchors.
      const prose = readFileSync(join(installed, page), 'utf8').replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '')
      for (const [, target] of prose.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        if (/^(https?|mailto):/.test(target!)) continue
        if (!existsSync(join(installed, page, '..', target!))) missing.push(`${page} -> ${target}`)
      }
    }
    const { code, output } = await command(process.execPath, [join(installed, 'dist/cli/main.js'), '--help'], consumer)
    expect(code).toBe(0)
    const named = [...output.matchAll(/\b(docs\/[\w./-]+\.md|README\.md)\b/g)].map((m) => m[1]!)
    expect(named).toContain('docs/demo-server.md')
    for (const path of named) if (!existsSync(join(installed, path))) missing.push(`--help -> ${path}`)
    expect(missing).toEqual([])
  })

  test('workspace-api-mock/openapi.json and /openapi.yaml resolve to the shipped OpenAPI document', () => {
    const resolve = createRequire(join(consumer, 'package.json')).resolve
    for (const file of ['openapi.json', 'openapi.yaml']) {
      const path = resolve(`workspace-api-mock/${file}`)
      expect(readFileSync(path, 'utf8'), file).toBe(readFileSync(join(ROOT, 'fixtures', file), 'utf8'))
    }
    expect(manifest.exports['./openapi.json']).toBe('./fixtures/openapi.json')
    expect(manifest.exports['./openapi.yaml']).toBe('./fixtures/openapi.yaml')
  })

  test.each([
    ['profile.schema.json', 'a behaviour profile'],
    ['evidence.schema.json', "a failed test's evidence file"],
  ])('workspace-api-mock/%s resolves to the JSON Schema of %s', (file) => {
    const path = createRequire(join(consumer, 'package.json')).resolve(`workspace-api-mock/${file}`)
    expect(readFileSync(path, 'utf8')).toBe(readFileSync(join(ROOT, 'fixtures', file), 'utf8'))
    expect(manifest.exports[`./${file}`]).toBe(`./fixtures/${file}`)
  })

  test('workspace-api-mock/coverage.schema.json resolves to the JSON Schema of a coverage document', () => {
    const path = createRequire(join(consumer, 'package.json')).resolve('workspace-api-mock/coverage.schema.json')
    expect(readFileSync(path, 'utf8')).toBe(readFileSync(join(ROOT, 'fixtures/coverage.schema.json'), 'utf8'))
  })

  test("the packed demo server's reference page: the renderer from dist/vendor/ (gzipped), the document of its origin", async () => {
    const vendor = join(consumer, 'node_modules/workspace-api-mock/dist/vendor')
    expect(readdirSync(vendor).sort()).toEqual(['scalar-api-reference.LICENSE.txt', 'scalar-api-reference.js.gz'])
    const script = `
      import { startMockServer } from 'workspace-api-mock/node'
      const server = await startMockServer({ port: 0, scenario: 'demo' })
      const page = await fetch(server.url + '/api/docs')
      const html = await page.text()
      const renderer = await fetch(server.url + /<script src="([^"]+)"/.exec(html)[1])
      const bytes = (await renderer.arrayBuffer()).byteLength
      console.log(JSON.stringify({ page: page.status, renderer: renderer.status, encoding: renderer.headers.get('content-encoding'), bytes, origin: html.includes(JSON.stringify([{ url: server.url }])) }))
      await server.close()`
    const { code, output } = await command(process.execPath, ['--input-type=module', '-e', script], consumer)
    expect(code, output).toBe(0)
    const result = JSON.parse(output)
    expect(result).toMatchObject({ page: 200, renderer: 200, encoding: 'gzip', origin: true })
    expect(result.bytes).toBeGreaterThan(1_000_000)
  })

  test('the typed client recipe of docs/openapi.md as shown: the demo server, openapi-typescript against it, src/client.ts calling it and ending; then the folder type-checked (skipLibCheck off) and its suite run', async () => {
    // A project of its own (the consumer's tsconfig and suite stay as they are), on the consumer's modules.
    const project = join(stage, 'openapi-client')
    cpSync(OPENAPI_CLIENT, project, { recursive: true })
    symlinkSync(join(consumer, 'node_modules'), join(project, 'node_modules'))
    const blocks = usageBlocks().filter((b) => b.marker === 'usage-run' && b.target === 'consumer' && generatesClient(b.code))
    const commandsOf = (code: string) => codeLines(code).split('\n').filter((line) => !line.startsWith('#'))
    const recipes = blocks.filter((b) => b.document === 'docs/openapi.md')
    expect(recipes).toHaveLength(1)
    const [start, ...commands] = commandsOf(recipes[0]!.code)
    // Another page that shows the recipe (the README did) shows its first commands, without the credentials and the client.
    for (const line of blocks.filter((b) => !recipes.includes(b)).flatMap((b) => commandsOf(b.code))) {
      expect([start, ...commands].some((command) => command!.startsWith(line)), line).toBe(true)
    }
    // The documented commands: `npx workspace-api-mock` from the tarball, then `npx --yes openapi-typescript`
    // (with its own TypeScript 5: it builds types with the compiler API that TypeScript 7 no longer has) and
    // `node src/client.ts`, all against the server's own port instead of the documented 4010.
    expect(start).toMatch(/^npx workspace-api-mock /)
    const server = await startServer(`${start} --port 0`, project)
    const printed: string[] = []
    try {
      const client = join(project, 'src/client.ts')
      writeFileSync(client, readFileSync(client, 'utf8').replaceAll(DOCUMENTED_URL, server.url))
      for (const line of commands) {
        const { code, output } = await command('sh', ['-c', line!.replaceAll(DOCUMENTED_URL, server.url)], project)
        expect({ line, code }, output).toEqual({ line, code: 0 })
        printed.push(output)
      }
    } finally {
      await stopServer(server)
    }
    expect(commands.at(-1)).toBe('node src/client.ts')
    expect(printed.at(-1)).toBe('200 Mobile Backend, Platform Engineering, Data Science, Payments Production, Payments Staging\n404 undefined Not Found\n')
    const generated = readFileSync(join(project, 'src/api.d.ts'), 'utf8')
    expect(generated).toContain('"/api/workspaces/{workspaceId}"')
    expect(generated).toContain('PagingResponseListApplicationBody')

    // TypeScript 7 checks the client, the suite, the generated types and openapi-fetch's; each @ts-expect-error must be needed.
    const tsc = await command(process.execPath, [join(consumer, 'node_modules/typescript/bin/tsc'), '--singleThreaded', '-p', 'tsconfig.json'], project)
    expect(tsc.output).toBe('')
    expect(tsc.code).toBe(0)
    const suite = await command(process.execPath, [join(consumer, 'node_modules/vitest/vitest.mjs'), 'run'], project)
    expect(suite.output).toMatch(/Tests\s+6 passed \(6\)/)
    expect(suite.code).toBe(0)
  })

  /**
   * A consumer project made of an examples/ folder (its own package.json and files) beside the consumer,
   * sharing the consumer's node_modules; runs the command docs/runners.md gives for it there.
   */
  async function runRecipe(folder: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; output: string }> {
    const project = join(stage, basename(folder))
    if (!existsSync(project)) {
      cpSync(join(ROOT, folder), project, { recursive: true })
      symlinkSync(join(consumer, 'node_modules'), join(project, 'node_modules'))
    }
    const line = RUNNER_RECIPES.get(folder)
    expect(line, `docs/runners.md runs a command in ${folder}`).toBeDefined()
    return command('sh', ['-c', line!], project, env)
  }

  test('docs/runners.md names the runners\' packages, and a recipe for each examples/ runner folder', () => {
    expect([...RUNNER_TOOLING].sort()).toEqual(['@babel/preset-typescript', '@playwright/test', 'jest', 'jest-environment-jsdom', 'jest-fixed-jsdom'])
    expect([...RUNNER_RECIPES.keys()].sort()).toEqual([
      'examples/jest-consumer',
      'examples/jest-dom-consumer',
      'examples/node-test-consumer',
      'examples/playwright-consumer',
    ])
  })

  test('Jest 30 in ESM mode (node --experimental-vm-modules): the setupServer suite passes', async () => {
    const { code, output } = await runRecipe('examples/jest-consumer')
    expect(output).toMatch(/Tests:\s+3 passed, 3 total/)
    expect(code).toBe(0)
  })

  test('Jest 30 with jest-fixed-jsdom and a .ts test file (Babel): renders into the DOM from the mock', async () => {
    const { code, output } = await runRecipe('examples/jest-dom-consumer')
    expect(output).toMatch(/PASS \.\/workspace-list\.test\.ts/)
    expect(output).toMatch(/Tests:\s+2 passed, 2 total/)
    expect(code).toBe(0)
  })

  test('node --test runs the .ts suite as it is', async () => {
    const { code, output } = await runRecipe('examples/node-test-consumer')
    expect(output).toMatch(/^ℹ pass 3$/m)
    expect(output).toMatch(/^ℹ fail 0$/m)
    expect(code).toBe(0)
  })

  test.skipIf(!existsSync(CHROMIUM) && !process.env.CI)(
    'Playwright: workspace-api-mock/playwright against a page the test serves itself (page.route)',
    async () => {
      const { code, output } = await runRecipe('examples/playwright-consumer', { CHROMIUM_PATH: CHROMIUM })
      expect(output).toMatch(/Running 7 tests using \d+ workers?/)
      expect(output).toMatch(/^\s+7 passed/m)
      expect(code).toBe(0)
    },
  )

  test('the Playwright example type-checks against the shipped types (skipLibCheck off)', async () => {
    const project = join(stage, 'playwright-types')
    cpSync(join(ROOT, 'examples/playwright-consumer'), project, { recursive: true })
    symlinkSync(join(consumer, 'node_modules'), join(project, 'node_modules'))
    const tsc = join(consumer, 'node_modules/typescript/bin/tsc')
    const { code, output } = await command(process.execPath, [tsc, '--singleThreaded', '-p', 'tsconfig.json'], project)
    expect(output).toBe('')
    expect(code).toBe(0)
  })

  test('the playwright entry imports the consumer\'s own @playwright/test (a peer, not bundled)', () => {
    const entry = readFileSync(join(consumer, 'node_modules/workspace-api-mock/dist/playwright/index.js'), 'utf8')
    expect(entry).toMatch(/^import \{[^}]*\btest\b[^}]*\} from "@playwright\/test";$/m)
    expect(entry).not.toMatch(/class TestTypeImpl|function _baseTest/)
  })
})
