/**
 * `--operations <module>`: the demo server serves a module's operations and fields of your own, as a
 * process. Its problems are one line and exit code 2; `--watch` serves an edit at once and keeps the last
 * good module when an edit does not load. The module imports `workspace-api-mock` as a user's does: from the
 * package the command runs from (the suites' bundle, test/support/cli-bundle.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { loadOperationsModule, SourceError } from '../../src/cli/sources.ts'
import { CLI, runCli, startCli } from './cli-process.ts'

// A project of the user's: its node_modules holds the package the command runs from.
const project = mkdtempSync(join(tmpdir(), 'wam-operations-'))
mkdirSync(join(project, 'node_modules'))
symlinkSync(dirname(dirname(dirname(CLI))), join(project, 'node_modules/workspace-api-mock'), 'dir')
afterAll(() => rmSync(project, { recursive: true, force: true }))

const DELETE_WORKSPACE = `
import { defineOperation, identifierParameter, z } from 'workspace-api-mock'

export default [
  defineOperation({
    name: 'deleteWorkspace',
    method: 'DELETE',
    path: '/api/workspaces/{workspaceId}',
    params: { workspaceId: identifierParameter },
    run: ({ params, workspaces }) => workspaces.delete(workspaces.get(params.workspaceId)),
  }),
]
export const fields = { application: { status: { schema: z.enum(['active']), build: () => 'active' } } }
`

// docs/extending.md's command, line for line; its module is the test's.
const DOCUMENTED = `
npx workspace-api-mock --operations ./api-changes.ts --watch
`
// docs/extending.md's presets without a module, line for line.
const PRESETS = `
npx workspace-api-mock --unshown-operations deleteApplication
`
const documented = (path: string) => DOCUMENTED.trim().replace('npx workspace-api-mock ', '').replace('./api-changes.ts', path).split(' ')

let count = 0
function module(text: string): string {
  const path = join(project, `operations-${++count}.ts`)
  writeFileSync(path, text)
  return path
}

const auth = (principal: { apiKey: string; apiSecret: string }) => ({ 'X-API-Key': principal.apiKey, 'X-API-Secret': principal.apiSecret })

/** The first principal's headers, its first workspace, and the first page of that workspace's applications. */
async function firstWorkspaceOf(cli: { url: string; principals: Array<{ apiKey: string; apiSecret: string }> }) {
  const headers = auth(cli.principals[0]!)
  const [workspace] = (await (await fetch(`${cli.url}/api/workspaces`, { headers })).json()).data
  const applications = async () => (await (await fetch(`${cli.url}/api/applications`, { headers: { ...headers, 'X-Workspace-ID': workspace.id } })).json()).data
  return { headers, workspace, applications }
}

describe.concurrent('serving a module', () => {
  test("its operations and fields, named in the banner; sessions serve them too", async () => {
    const path = module(DELETE_WORKSPACE)
    const cli = await startCli(['--operations', path])
    try {
      expect(cli.stdout()).toContain(`Operations of your own (${path}): DELETE /api/workspaces/{workspaceId} (deleteWorkspace); fields: application.status.`)
      const { headers, workspace, applications } = await firstWorkspaceOf(cli)
      expect((await applications())[0].status).toBe('active')
      const session = await (await fetch(`${cli.url}/__admin/sessions`, { method: 'POST' })).json()
      const deleted = await fetch(`${cli.url}/api/workspaces/${workspace.id}`, { method: 'DELETE', headers: auth(session) })
      expect(deleted.status).toBe(204)
      expect((await fetch(`${cli.url}/api/workspaces/${workspace.id}`, { headers })).status).toBe(200)
    } finally {
      await cli.stop()
    }
  })

  test('--unshown-operations serves presets without a module, in sessions too; beside a module, a name both have is one line and exit code 2', async () => {
    const cli = await startCli(PRESETS.trim().replace('npx workspace-api-mock ', '').split(' '))
    try {
      expect(cli.stdout()).toContain('Operations of your own (--unshown-operations deleteApplication): DELETE /api/applications/{applicationId} (deleteApplication); fields: none.')
      const headers = auth(cli.principals[0]!)
      const [workspace] = (await (await fetch(`${cli.url}/api/workspaces`, { headers })).json()).data
      const scoped = { ...headers, 'X-Workspace-ID': workspace.id }
      const [application] = (await (await fetch(`${cli.url}/api/applications`, { headers: scoped })).json()).data
      expect((await fetch(`${cli.url}/api/workspaces/${workspace.id}`, { method: 'DELETE', headers })).status).toBe(405)
      const session = await (await fetch(`${cli.url}/__admin/sessions`, { method: 'POST' })).json()
      expect((await fetch(`${cli.url}/api/applications/${application.id}`, { method: 'DELETE', headers: { ...auth(session), 'X-Workspace-ID': workspace.id } })).status).toBe(204)
      expect((await fetch(`${cli.url}/api/applications/${application.id}`, { method: 'DELETE', headers: scoped })).status).toBe(204)
      expect((await fetch(`${cli.url}/api/applications/${application.id}`, { headers: scoped })).status).toBe(404)
    } finally {
      await cli.stop()
    }
    const path = module(DELETE_WORKSPACE)
    const clash = await runCli(['--port', '0', '--unshown-operations', 'all', '--operations', path])
    expect(clash).toEqual({ code: 2, stdout: '', stderr: `workspace-api-mock: --unshown-operations deleteWorkspace,createApplication,updateApplication,deleteApplication with ${path}: operation deleteWorkspace: name: another operation has this name\n` })
  })

  test('a module of fields only needs no default export', async () => {
    const path = module("import { z } from 'workspace-api-mock'\nexport const fields = { application: { status: { schema: z.enum(['active']), build: () => 'active' } } }")
    const cli = await startCli(['--operations', path])
    try {
      expect(cli.stdout()).toContain(`Operations of your own (${path}): none; fields: application.status.`)
      const { applications } = await firstWorkspaceOf(cli)
      expect((await applications())[0].status).toBe('active')
    } finally {
      await cli.stop()
    }
  })

  test('in a CommonJS project (npm init writes "type": "commonjs"), the module and its .ts imports load as ES modules; a CommonJS file stays one', async () => {
    const folder = join(project, 'commonjs')
    mkdirSync(folder)
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'commonjs-project', type: 'commonjs' }))
    writeFileSync(join(folder, 'statuses.ts'), "export const statuses: readonly string[] = ['active', 'paused']\n")
    writeFileSync(join(folder, 'legacy.js'), "module.exports = { first: 'active' }\n")
    const path = join(folder, 'api-changes.ts')
    writeFileSync(
      path,
      DELETE_WORKSPACE.replace("import { defineOperation, identifierParameter, z } from 'workspace-api-mock'", "import { defineOperation, identifierParameter, z } from 'workspace-api-mock'\nimport { statuses } from './statuses.ts'\nimport legacy from './legacy.js'")
        .replace("z.enum(['active']), build: () => 'active'", "z.enum(statuses as [string, ...string[]]), build: () => legacy.first"),
    )
    const cli = await startCli(['--operations', path])
    try {
      expect(cli.stdout()).toContain(`Operations of your own (${path}): DELETE /api/workspaces/{workspaceId} (deleteWorkspace); fields: application.status.`)
      const { headers, workspace, applications } = await firstWorkspaceOf(cli)
      expect((await applications())[0].status).toBe('active')
      expect((await fetch(`${cli.url}/api/workspaces/${workspace.id}`, { method: 'DELETE', headers })).status).toBe(204)
      expect(cli.stderr()).toBe('')
    } finally {
      await cli.stop()
    }
  })

  test('a module Node still loads as CommonJS (under node_modules, where the command leaves files as Node finds them): the line says what to do', async () => {
    const folder = join(project, 'node_modules/shared-operations')
    mkdirSync(folder)
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'shared-operations', type: 'commonjs' }))
    writeFileSync(join(folder, 'index.js'), "import { z } from 'workspace-api-mock'\nexport default []\n")
    const path = join(folder, 'index.js')
    const { code, stdout, stderr } = await runCli(['--port', '0', '--operations', path])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr.split('\n').at(-2)).toBe(
      `workspace-api-mock: ${path} could not be loaded: Cannot use import statement outside a module (Node loaded it as CommonJS: name it .mjs, or .mts for TypeScript, or set "type": "module" in its package.json)`,
    )
  })

  test('a module the kit cannot serve: one line, exit code 2', async () => {
    const path = module("import { defineOperation } from 'workspace-api-mock'\nexport default [defineOperation({ name: 'x', method: 'GET', path: '/api/workspaces', run: () => undefined })]")
    const { code, stdout, stderr } = await runCli(['--port', '0', '--operations', path])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toBe(`workspace-api-mock: ${path}: operation x: path: GET /api/workspaces is the route of the kit's listWorkspaces already (GET /api/workspaces)\n`)
  })

  test('a field whose builder its own schema refuses: one line, exit code 2', async () => {
    const path = module("import { z } from 'workspace-api-mock'\nexport default []\nexport const fields = { workspace: { tier: { schema: z.enum(['free']), build: () => 'gold' } } }")
    const { code, stderr } = await runCli(['--port', '0', '--operations', path])
    expect(code).toBe(2)
    expect(stderr).toMatch(new RegExp(`^workspace-api-mock: ${path}: fields\\.workspace\\.tier\\.build: returned "gold" for workspace wse_[0-9a-f]+, which the field's schema refuses: .*\\n$`))
  })
})

test('--watch serves an edit of the module at once; an edit that does not load keeps the last good one', { timeout: 30_000 }, async () => {
  const path = module(DELETE_WORKSPACE)
  const cli = await startCli(documented(path))
  try {
    expect(cli.stdout()).toContain(`Watching ${path}: changes are served at once.`)
    const { headers, workspace, applications } = await firstWorkspaceOf(cli)
    writeFileSync(path, DELETE_WORKSPACE.replace("'DELETE'", "'PATCH'").replace("name: 'deleteWorkspace'", "name: 'touchWorkspace'").replace(/export const fields.*/, ''))
    await expect.poll(() => cli.stdout(), { timeout: 5000 }).toMatch(/reloaded .*operations-\d+\.ts: 1 operation \(touchWorkspace\); fields: none/)
    expect((await fetch(`${cli.url}/api/workspaces/${workspace.id}`, { method: 'DELETE', headers })).status).toBe(405)
    expect((await applications())[0].status).toBeUndefined()
    writeFileSync(path, 'export default 7')
    await expect.poll(() => cli.stderr(), { timeout: 5000 }).toContain(`${path} changed but was not reloaded, still serving the last good state: ${path} must export an array`)
    expect((await fetch(`${cli.url}/api/workspaces/${workspace.id}`, { method: 'PATCH', headers })).status).toBe(204)
  } finally {
    await cli.stop()
  }
})

test('--watch abandons an edit whose module never finishes loading, with a line on stderr, and serves the next edit', { timeout: 30_000 }, async () => {
  const path = module(DELETE_WORKSPACE)
  const cli = await startCli(documented(path))
  try {
    const allowed = async () => (await fetch(`${cli.url}/api/workspaces/wse_0`, { method: 'OPTIONS' })).headers.get('Allow')
    writeFileSync(path, `await new Promise(() => {})\n${DELETE_WORKSPACE}`)
    const abandoned = `${path} changed but was not reloaded, still serving the last good state: ${path} did not finish loading within 5 s (a top-level await that never settles?): abandoned\n`
    await expect.poll(() => cli.stderr(), { timeout: 10_000 }).toContain(abandoned)
    expect(await allowed()).toBe('GET, PUT, DELETE, OPTIONS')
    writeFileSync(path, DELETE_WORKSPACE.replace("'DELETE'", "'PATCH'").replace("name: 'deleteWorkspace'", "name: 'touchWorkspace'"))
    await expect.poll(() => cli.stdout(), { timeout: 5000 }).toMatch(/reloaded .*operations-\d+\.ts: 1 operation \(touchWorkspace\)/)
    expect(await allowed()).toBe('GET, PUT, PATCH, OPTIONS')
  } finally {
    await cli.stop()
  }
})

/** The kit's source entry as a file URL: a module outside the repository imports it by that. */
const SOURCE_ENTRY = pathToFileURL(fileURLToPath(new URL('../../src/index.ts', import.meta.url))).href

// What else a module can get wrong, in-process: loadOperationsModule's SourceError is the line the command prints.
describe('modules that cannot be served', () => {
  test.each([
    ['no array as its default export', 'export default {}', 'must export an array of operations (defineOperation) as its default export, or fields of your own as its export `fields`; it has a default export of type object'],
    ['neither operations nor fields', 'export const feilds = {}', 'must export an array of operations (defineOperation) as its default export, or fields of your own as its export `fields`; it has no default export'],
    ['a definition the kit cannot serve', `import { defineOperation } from '${SOURCE_ENTRY}'\nexport default [defineOperation({ name: 'x', method: 'GET', path: '/x', run: () => undefined })]`, 'could not be loaded: operation x: path: expected a path under /api'],
    ['a field of a record that takes none', 'export default []\nexport const fields = { gateway: {} }', ': fields.gateway: no such record'],
    ['an operation from elsewhere', "export default [{ name: 'x', method: 'GET', path: '/api/x', run() {} }]", ': operations[0]: not an operation made by defineOperation'],
  ])('%s', async (_, text, message) => {
    // In the test's own folder (not under test/, where the type check beside it would find a half-written file).
    const path = module(text)
    const loading = loadOperationsModule(path)
    await expect(loading).rejects.toThrow(SourceError)
    await expect(loading).rejects.toThrow(`${path}${message.startsWith(':') ? '' : ' '}${message}`)
  })
})
