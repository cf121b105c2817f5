/**
 * Your own data on the command line: `--state <file.json>` (also through `npm start --`), `--scenario
 * <module>`, and `--watch`, which reloads either on the same port and keeps the last good state when an
 * edit does not load.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { parseFlags } from '../../src/cli/serve-flags.ts'
import { loadScenarioModule, loadStateFile, MAX_LISTED_PROBLEMS, SourceError } from '../../src/cli/sources.ts'
import { startMockServer } from '../../src/node/index.ts'
import { authHeaders, peakMiB, runCli, startCli, startNpm, type RunningCli } from './cli-process.ts'

const SMALL = readFileSync(new URL('../../fixtures/small.json', import.meta.url), 'utf8')
const DEV = { apiKey: 'demo-key', apiSecret: 'demo-secret' }
const folder = mkdtempSync(join(tmpdir(), 'wam-cli-state-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** A state file in the test's folder: fixtures/small.json, changed by `edit`. */
function stateFile(name: string, edit: (state: any) => void = () => {}): string {
  const state = JSON.parse(SMALL)
  edit(state)
  const path = join(folder, name)
  writeFileSync(path, JSON.stringify(state, null, 2))
  return path
}

const workspaceNames = async (url: string, as = DEV) => {
  const response = await fetch(`${url}/api/workspaces`, { headers: authHeaders(as) })
  return ((await response.json()).data as Array<{ name: string }>).map((w) => w.name)
}

describe('loading a state file or a scenario module (before anything is served)', () => {
  test.each([
    [
      'a record that does not fit',
      () => stateFile('bad-record.json', (s) => (s.applications[1].workspace = 'wse_0000000000000000000000000000ffff')),
      /^\S+bad-record\.json: state\.applications\[1\] \(id app_\w+\): field workspace: no workspace wse_0000000000000000000000000000ffff$/,
    ],
    [
      'a field of the wrong type',
      () => stateFile('bad-field.json', (s) => (s.workspaces[0].created = 'yesterday')),
      /^\S+bad-field\.json: state\.workspaces\[0\] \(id wse_\w+\): field created: Invalid input: expected number, received string$/,
    ],
    [
      'malformed JSON',
      () => {
        const path = join(folder, 'broken.json')
        writeFileSync(path, SMALL.slice(0, 200))
        return path
      },
      /^\S+broken\.json is not valid JSON: /,
    ],
    ['no accounts', () => stateFile('nobody.json', (s) => (s.accounts = [])), /state\.accounts must hold at least one account/],
  ])('%s: a SourceError naming it', (_what, file, message) => {
    const path = file()
    expect(() => loadStateFile(path)).toThrow(SourceError)
    expect(() => loadStateFile(path)).toThrow(message)
  })

  test(`a file bad all through lists its first ${MAX_LISTED_PROBLEMS} problems and how many more there are`, () => {
    const path = stateFile('bad-throughout.json', (s) => {
      s.applications = Array.from({ length: MAX_LISTED_PROBLEMS + 7 }, (_, i) => ({ ...s.applications[0], id: `app_${String(i).padStart(32, '0')}`, port: i }))
    })
    const lines = (() => {
      try {
        loadStateFile(path)
      } catch (error) {
        return (error as SourceError).message.split('\n')
      }
      return expect.fail('the file was accepted')
    })()
    expect(lines[0]).toBe(`${path}: ${MAX_LISTED_PROBLEMS + 7} problems:`)
    expect(lines.slice(1, -1)).toHaveLength(MAX_LISTED_PROBLEMS)
    expect(lines[1]).toBe(`  state.applications[0] (id app_${'0'.repeat(32)}): field port: Invalid input: expected string, received number`)
    expect(lines.at(-1)).toBe('  and 7 more')
  })

  test('a module without a default scenario function is refused with what it has instead', async () => {
    const path = join(folder, 'no-default.mjs')
    writeFileSync(path, 'export const scenario = () => {}\n')
    await expect(loadScenarioModule(path)).rejects.toThrow(`${path} must export a scenario function as its default export ((kit) => { ... }), it has no default export`)
  })

  test('flag mistakes: --state with --scenario, --watch without a file, a --state file that is not there', () => {
    expect(() => parseFlags(['--state', 'fixtures/small.json', '--scenario', 'paging'])).toThrow('--state and --scenario are alternatives')
    expect(() => parseFlags(['--watch', '--scenario', 'demo'])).toThrow('--watch reloads a --state file, a --scenario module or an --operations module')
    expect(() => parseFlags(['--state', join(folder, 'missing.json')])).toThrow(/^--state: no such file: \S+missing\.json$/)
    expect(parseFlags(['--scenario', 'fixtures/../package.json']).scenario).toBe('fixtures/../package.json')
    expect(parseFlags(['--state', 'fixtures/small.json', '--watch'])).toMatchObject({ state: 'fixtures/small.json', watch: true, scenario: 'demo' })
  })
})

describe.concurrent('--state', () => {
  test('a snapshot of a running server serves again, byte for byte', async () => {
    const first = await startMockServer({ port: 0, scenario: 'multi-tenant', seed: 4, strict: false })
    let snapshot: string
    try {
      const created = await fetch(`${first.url}/api/workspaces`, {
        method: 'POST',
        headers: authHeaders(first.api.credentials, { 'Content-Type': 'application/json' }),
        body: JSON.stringify({ name: 'Made before the snapshot' }),
      })
      expect(created.status).toBe(200)
      snapshot = await (await fetch(`${first.url}/__admin/snapshot`)).text()
    } finally {
      await first.close()
    }
    const path = join(folder, 'snapshot.json')
    writeFileSync(path, snapshot)
    const second = await startCli(['--state', path])
    try {
      expect(await (await fetch(`${second.url}/__admin/snapshot`)).text()).toBe(snapshot)
      expect(await workspaceNames(second.url, first.api.credentials)).toContain('Made before the snapshot')
    } finally {
      await second.stop()
    }
  })

  test('a bad file: exit code 2 and the record and field named, nothing served', async () => {
    const path = stateFile('bad-for-cli.json', (s) => (s.workspaces[1].organization = 'org_ffff'))
    const result = await runCli(['--state', path, '--port', '0'])
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `workspace-api-mock: ${path}: state.workspaces[1] (id wse_000000000000000000000000000000a2): field organization: no organization org_ffff\n`,
    })
  })

  test('a file with several bad fields: every one named, one line each, exit code 2, no stack trace', async () => {
    const path = stateFile('three-bad-for-cli.json', (s) => {
      s.workspaces[0].created = 'yesterday'
      s.workspaces[1].description = 5
      s.applications[1].workspace = 'wse_0000000000000000000000000000ffff'
    })
    const result = await runCli(['--state', path, '--port', '0'])
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `workspace-api-mock: ${path}: 3 problems:\n` +
        '  state.workspaces[0] (id wse_000000000000000000000000000000a1): field created: Invalid input: expected number, received string\n' +
        '  state.workspaces[1] (id wse_000000000000000000000000000000a2): field description: Invalid input: expected string, received number\n' +
        '  state.applications[1] (id app_000000000000000000000000000000b2): field workspace: no workspace wse_0000000000000000000000000000ffff\n',
    })
  })

  test('npm start -- --state file.json serves the file (the script pins no scenario)', async () => {
    const path = stateFile('npm-start.json', (s) => (s.workspaces[0].name = 'Through npm start'))
    const server = await startNpm(['--state', path])
    try {
      expect(await workspaceNames(server.url)).toEqual(['Through npm start', 'Staging'])
    } finally {
      await server.stop()
    }
  })
})

describe.concurrent('--scenario <module>', () => {
  test('serves what the module\'s default export builds', async () => {
    const module = join(folder, 'my-scenario.ts')
    writeFileSync(
      module,
      `import type { Scenario } from 'workspace-api-mock'\n` +
        `const scenario: Scenario = (kit) => {\n` +
        `  const org = kit.organization({ name: 'Module Co' })\n` +
        `  kit.principal(org, { apiKey: 'module-key', apiSecret: 'module-secret' })\n` +
        `  kit.applications(kit.workspace(org, { name: 'From the module' }), 2)\n` +
        `}\n` +
        `export default scenario\n`,
    )
    const cli = await startCli(['--scenario', module, '--seed', '3'])
    try {
      expect(cli.stdout()).toContain(`scenario ${module}, seed 3, 1 workspace, 2 applications`)
      expect(await workspaceNames(cli.url, { apiKey: 'module-key', apiSecret: 'module-secret' })).toEqual(['From the module'])
    } finally {
      await cli.stop()
    }
  })
})

describe.concurrent('--watch', () => {
  /** Waits until `check` passes (the reload is asynchronous), within 4 s. */
  const eventually = async (check: () => Promise<void>) => {
    const until = Date.now() + 4000
    for (;;) {
      try {
        return await check()
      } catch (error) {
        if (Date.now() > until) throw error
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
  }

  test('reloads the state file on the same port, says what changed, keeps the last good state after a bad edit', async () => {
    const path = stateFile('watched.json')
    const cli: RunningCli = await startCli(['--state', path, '--watch'])
    try {
      expect(cli.stdout()).toMatch(/^workspace-api-mock \S+: state \S+watched\.json, 2 workspaces, 3 applications/)
      expect(cli.stdout()).toContain(`Watching ${path}: changes are served at once.`)
      expect(cli.principals).toEqual([DEV])
      expect(await workspaceNames(cli.url)).toEqual(['Production', 'Staging'])
      // An editor that saves by writing a new file and renaming it over the old one.
      const edited = JSON.parse(SMALL)
      edited.workspaces[0].name = 'Renamed on disk'
      edited.workspaces.push({ ...edited.workspaces[1], id: 'wse_000000000000000000000000000000a3', name: 'Added on disk' })
      writeFileSync(`${path}.tmp`, JSON.stringify(edited))
      renameSync(`${path}.tmp`, path)
      await eventually(async () => expect(await workspaceNames(cli.url)).toEqual(['Renamed on disk', 'Staging', 'Added on disk']))
      await eventually(async () => expect(cli.stdout()).toMatch(/reloaded \S+watched\.json: workspaces: 1 added, 1 changed \(now 3 workspaces, 3 applications\)/))

      writeFileSync(path, '{ "organizations": [')
      await eventually(async () => expect(cli.stderr()).toMatch(/watched\.json changed but was not reloaded, still serving the last good state: \S+watched\.json is not valid JSON/))
      expect(await workspaceNames(cli.url)).toEqual(['Renamed on disk', 'Staging', 'Added on disk'])

      edited.workspaces[2].organization = 'org_0000000000000000000000000000dead'
      writeFileSync(path, JSON.stringify(edited))
      await eventually(async () => expect(cli.stderr()).toContain('field organization: no organization org_0000000000000000000000000000dead'))
      expect(await workspaceNames(cli.url)).toEqual(['Renamed on disk', 'Staging', 'Added on disk'])

      writeFileSync(path, SMALL)
      await eventually(async () => expect(await workspaceNames(cli.url)).toEqual(['Production', 'Staging']))

      // Replaced by a FIFO, then by a link to /dev/zero: refused at once; the server answers, its memory as it was.
      execFileSync('mkfifo', [`${path}.fifo`])
      renameSync(`${path}.fifo`, path)
      await eventually(async () => expect(cli.stderr()).toContain(`still serving the last good state: cannot read ${path}: it is a FIFO, not a regular file`))
      expect(await workspaceNames(cli.url)).toEqual(['Production', 'Staging'])
      symlinkSync('/dev/zero', `${path}.zero`)
      renameSync(`${path}.zero`, path)
      await eventually(async () => expect(cli.stderr()).toContain(`still serving the last good state: cannot read ${path}: it is a device, not a regular file`))
      expect(await workspaceNames(cli.url)).toEqual(['Production', 'Staging'])
      expect(peakMiB(cli.child.pid!)).toBeLessThan(300)
      expect(cli.child.exitCode).toBeNull()
    } finally {
      await cli.stop()
    }
  })

  test('reloads a scenario module; a module that throws keeps the last good state', async () => {
    const module = join(folder, 'watched-scenario.mjs')
    const source = (name: string) =>
      `export default (kit) => {\n  const org = kit.organization()\n  kit.principal(org, { apiKey: 'w-key', apiSecret: 'w-secret' })\n  kit.workspace(org, { name: '${name}' })\n}\n`
    writeFileSync(module, source('First'))
    const cli = await startCli(['--scenario', module, '--watch'])
    const as = { apiKey: 'w-key', apiSecret: 'w-secret' }
    try {
      expect(await workspaceNames(cli.url, as)).toEqual(['First'])
      writeFileSync(module, source('Second'))
      await eventually(async () => expect(await workspaceNames(cli.url, as)).toEqual(['Second']))
      writeFileSync(module, 'export default () => { throw new Error("not today") }\n')
      await eventually(async () => expect(cli.stderr()).toContain('failed while building its data: not today'))
      expect(await workspaceNames(cli.url, as)).toEqual(['Second'])
    } finally {
      await cli.stop()
    }
  })

})
