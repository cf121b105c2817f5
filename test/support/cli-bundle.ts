/**
 * Vitest's global set-up: the `workspace-api-mock` command bundled once per run, with the package's own
 * rolldown options (scripts/bundle-options.ts), into node_modules/.cache/wam-cli-<checkout>/, where the suites start it
 * (test/cli/cli-process.ts). Started from the sources, the command loads some 200 TypeScript modules:
 * 0.53 s of CPU to serve, against 0.15 s for the bundle; the suites start it about fifty times. The bundle
 * is built from the sources of this run, so it never lags them; `npm start` and its test keep the sources.
 */
import { createHash } from 'node:crypto'
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'
import type { TestProject } from 'vitest/node'
import { bundleOptions } from '../../scripts/bundle-options.ts'
import { bundleConsole } from '../../src/server/console/bundle.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
// A package of its own inside node_modules (its package.json, which the command reads its version from, and
// dist/): the bundle's imports of msw and of the renderer's package resolve as the installed package's do.
// Named for the checkout: git worktrees of one repository may share a node_modules, and each run must start
// its own sources' command.
const PACKAGE = join(ROOT, 'node_modules/.cache', `wam-cli-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}`)
const OUT = join(PACKAGE, 'dist')

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled command's entry file. */
    cli: string
  }
}

export default async function setup(project: TestProject): Promise<void> {
  rmSync(PACKAGE, { recursive: true, force: true })
  mkdirSync(PACKAGE, { recursive: true })
  copyFileSync(join(ROOT, 'package.json'), join(PACKAGE, 'package.json'))
  // The main entry beside it, sharing its chunks: an `--operations` module that imports `workspace-api-mock`
  // from this package defines its operations with the command's own copy of the kit.
  await build({ ...bundleOptions(ROOT, { 'cli/main': 'src/cli/main.ts', index: 'src/index.ts' }, OUT), logLevel: 'silent' })
  // The console's script and style where the server looks for them in the package (../console/client/).
  const client = join(OUT, 'console/client')
  mkdirSync(client, { recursive: true })
  writeFileSync(join(client, 'console.js'), await bundleConsole({ minify: true }))
  copyFileSync(join(ROOT, 'src/server/console/client/console.css'), join(client, 'console.css'))
  project.provide('cli', join(OUT, 'cli/main.js'))
}
