/**
 * The package as users get it, for the suites that install it (test/package/pack.test.ts, `npm run
 * test:storybook`): the user's environment, and `npm pack` of a fresh copy of the working tree.
 */
import { execFile } from 'node:child_process'
import { cpSync, symlinkSync } from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The machine's environment without npm's and Vitest's variables, with this Node first on PATH. */
export function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(npm_|VITEST|INIT_CWD$|NODE_OPTIONS$|TEST$)/.test(name)) continue
    env[name] = value
  }
  env.PATH = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`
  return env
}

/**
 * `npm pack` of a copy of the working tree in `stage` without build output, installed modules or reports:
 * its `prepack` (the build) runs exactly as on a fresh clone; only node_modules is shared, read-only.
 * Answers the tarball's path and the files it holds.
 */
export async function packFreshCopy(stage: string): Promise<{ tarball: string; files: string[] }> {
  const project = join(stage, 'project')
  cpSync(ROOT, project, {
    recursive: true,
    filter: (source) => {
      const path = relative(ROOT, source)
      // test-results: Playwright's output, written meanwhile when npm test runs both runners at once.
      return !['node_modules', '.git', 'dist', 'test-results', 'reports'].includes(path) && !path.startsWith('examples/storybook/node_modules') && !source.endsWith('.tgz')
    },
  })
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'))
  const { stdout } = await promisify(execFile)('npm', ['pack', '--json', '--pack-destination', stage], { cwd: project, env: userEnv() })
  const [result] = JSON.parse(stdout.slice(stdout.indexOf('['))) as [{ filename: string; files: Array<{ path: string }> }]
  return { tarball: join(stage, basename(result.filename)), files: result.files.map((file) => file.path) }
}
