/**
 * The package as its entries ship (dist/, bundled with the package's own rolldown options), installed in
 * a folder of its own beside the repository's node_modules: for suites that run an examples/ project with
 * its runners against the package without `npm pack` and an install (test/package/pack.test.ts does those).
 */
import { chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'
import { packageBuilds } from '../../scripts/bundle-options.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/**
 * A folder with `node_modules/` (the repository's packages, linked, and workspace-api-mock built from the
 * sources of this run) and a copy of `example` (a folder of examples/) in it; answers the copy's path.
 */
export async function stageExample(example: string): Promise<string> {
  const stage = mkdtempSync(join(tmpdir(), 'wam-stage-'))
  const modules = join(stage, 'node_modules')
  mkdirSync(modules)
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (!['workspace-api-mock', '.cache', '.vite', '.bin'].includes(name)) symlinkSync(join(ROOT, 'node_modules', name), join(modules, name))
  }
  // The commands of the packages, the kit's among them (as an install links it), for `npx` in the project.
  const bin = join(modules, '.bin')
  mkdirSync(bin)
  for (const name of readdirSync(join(ROOT, 'node_modules/.bin'))) symlinkSync(realpathSync(join(ROOT, 'node_modules/.bin', name)), join(bin, name))
  symlinkSync('../workspace-api-mock/dist/cli/main.js', join(bin, 'workspace-api-mock'))
  const kit = join(modules, 'workspace-api-mock')
  mkdirSync(kit)
  copyFileSync(join(ROOT, 'package.json'), join(kit, 'package.json'))
  cpSync(join(ROOT, 'fixtures'), join(kit, 'fixtures'), { recursive: true })
  await build(packageBuilds(ROOT, join(kit, 'dist')).map((options) => ({ ...options, logLevel: 'silent' as const })))
  chmodSync(join(kit, 'dist/cli/main.js'), 0o755)
  const project = join(stage, example.split('/').at(-1)!)
  cpSync(join(ROOT, example), project, { recursive: true, filter: (source) => !/[\\/](node_modules|api-coverage[^\\/]*|test-results|\.vitest-reports)$/.test(source) })
  return project
}
