/**
 * `npm run build:exe`: `dist/exe/workspace-api-mock`, the demo server as one executable for Linux x64
 * (Node's single executable applications): Node 24 (the devDependency `node`, whatever Node runs this
 * script) with the bundled CLI and the files it serves injected. It runs where no Node is installed.
 *
 * 1. bundle.ts: the CLI as one CommonJS script (Node 24 runs no other main script in an executable).
 * 2. The packaged files as the executable's assets, under the paths they have in the package.
 * 3. `node --experimental-sea-config`: the preparation blob, with V8's code cache of the script.
 * 4. postject: the blob into a copy of that node binary, written beside and renamed into place, so that a
 *    failed build never leaves a half-made executable for the tests to find.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { constants, gzipSync } from 'node:zlib'
import { bundleConsole } from '../src/server/console/bundle.ts'
import { bundleCli } from './exe/bundle.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const NODE = join(ROOT, 'node_modules/node/bin/node')
const POSTJECT = join(ROOT, 'node_modules/postject/dist/cli.js')
export const EXECUTABLE = join(ROOT, 'dist/exe/workspace-api-mock')
/** The fuse Node's binary checks for an injected blob (Node's documentation, "Generating single executable applications"). */
const FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'

/** The files the server reads from its package, by their path in it (see exe/packaged-files.ts). */
async function packagedFiles(): Promise<Record<string, Buffer | string>> {
  const scalar = new URL('.', import.meta.resolve('@scalar/api-reference'))
  const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string }
  return {
    'package.json': `${JSON.stringify({ name, version })}\n`,
    // The decisions where the spec is silent, an MCP resource (src/server/package-info.ts).
    'docs/spec-decisions.md': readFileSync(join(ROOT, 'docs/spec-decisions.md')),
    'dist/console/client/console.js': await bundleConsole({ minify: true }),
    'dist/console/client/console.css': readFileSync(join(ROOT, 'src/console-page/console.css')),
    'dist/vendor/scalar-api-reference.js.gz': gzipSync(readFileSync(new URL('browser/standalone.js', scalar)), {
      level: constants.Z_BEST_COMPRESSION,
    }),
  }
}

/** Runs the Node 24 binary (or postject under it); its output is shown only when it fails. */
function node(args: readonly string[], cwd: string): void {
  try {
    execFileSync(NODE, args, { cwd, stdio: 'pipe', env: { ...process.env, NODE_OPTIONS: '' } })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer }
    process.stderr.write(`${stdout ?? ''}${stderr ?? ''}`)
    throw error
  }
}

function checkNode(): void {
  const version = execFileSync(NODE, ['--version'], { encoding: 'utf8' }).trim()
  if (!/^v24\./.test(version)) throw new Error(`${NODE} is ${version}: the executable is built from Node 24 (npm ci installs it)`)
  if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error('the executable is built on Linux x64 only')
}

async function buildExecutable(): Promise<void> {
  checkNode()
  const started = performance.now()
  rmSync(EXECUTABLE, { force: true })
  const work = mkdtempSync(join(tmpdir(), 'wam-exe-'))
  try {
    writeFileSync(join(work, 'main.cjs'), await bundleCli())
    const assets: Record<string, string> = {}
    for (const [key, bytes] of Object.entries(await packagedFiles())) {
      const file = join(work, 'assets', key)
      mkdirSync(join(file, '..'), { recursive: true })
      writeFileSync(file, bytes)
      assets[key] = file
    }
    const config = { main: 'main.cjs', output: 'sea.blob', disableExperimentalSEAWarning: true, useCodeCache: true, useSnapshot: false, assets }
    writeFileSync(join(work, 'sea-config.json'), JSON.stringify(config, null, 2))
    node(['--experimental-sea-config', 'sea-config.json'], work)
    const partial = join(work, 'workspace-api-mock')
    copyFileSync(NODE, partial)
    chmodSync(partial, 0o755)
    node([POSTJECT, partial, 'NODE_SEA_BLOB', 'sea.blob', '--sentinel-fuse', FUSE], work)
    mkdirSync(join(EXECUTABLE, '..'), { recursive: true })
    // Across file systems (tmpdir on another mount) rename fails: copy, then rename within dist/exe/.
    copyFileSync(partial, `${EXECUTABLE}.partial`)
    chmodSync(`${EXECUTABLE}.partial`, 0o755)
    renameSync(`${EXECUTABLE}.partial`, EXECUTABLE)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  const megabytes = (statSync(EXECUTABLE).size / 1e6).toFixed(1)
  console.log(`${EXECUTABLE}: ${megabytes} MB, built in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

await buildExecutable()
