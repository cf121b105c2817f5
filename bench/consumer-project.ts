/**
 * A fresh consumer project with the packed tarball installed, as a user has it: the package is packed
 * from a copy of the working tree (`prepack` builds `dist/`), then installed with the given tools from
 * npm's cache. Shared by the consumer-suite and browser-bundle measures.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))

/** The environment of a user's shell: this Node first on PATH, no npm or Vitest variables. */
export function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(npm_|VITEST|INIT_CWD$|NODE_OPTIONS$|TEST$)/.test(name)) continue
    env[name] = value
  }
  env.PATH = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`
  return env
}

/** Packs the package from a copy of the working tree; returns the tarball's path inside `stage`. */
export function packTarball(stage: string): string {
  const project = join(stage, 'project')
  cpSync(ROOT, project, {
    recursive: true,
    filter: (source) => {
      const path = relative(ROOT, source)
      return !['node_modules', '.git', 'dist'].includes(path) && !source.endsWith('.tgz')
    },
  })
  symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'))
  const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', stage], {
    cwd: project,
    env: userEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const [result] = JSON.parse(packed) as [{ filename: string }]
  rmSync(project, { recursive: true, force: true })
  return join(stage, basename(result.filename))
}

export interface ConsumerProject {
  dir: string
  tarball: string
  dispose(): void
}

/** A temporary project with the tarball and `packages` installed (npm's cache first). */
export function consumerProject(prefix: string, packages: readonly string[]): ConsumerProject {
  const stage = mkdtempSync(join(tmpdir(), prefix))
  const tarball = packTarball(stage)
  const dir = join(stage, 'consumer')
  mkdirSync(dir)
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2))
  execFileSync('npm', ['install', '--save-dev', tarball, ...packages, '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    env: userEnv(),
    stdio: 'ignore',
  })
  return { dir, tarball, dispose: () => rmSync(stage, { recursive: true, force: true }) }
}
