/**
 * A fresh consumer project with the packed tarball installed, as a user has it: the package is packed
 * from a copy of the working tree (`prepack` builds `dist/`), then installed with the given tools from
 * npm's cache. Shared by the consumer-suite and browser-bundle measures.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { packFreshCopy, userEnv } from '../test/support/packed.ts'

export { userEnv }

export interface ConsumerProject {
  dir: string
  tarball: string
  dispose(): void
}

/** A temporary project with the tarball and `packages` installed (npm's cache first). */
export async function consumerProject(prefix: string, packages: readonly string[]): Promise<ConsumerProject> {
  const stage = mkdtempSync(join(tmpdir(), prefix))
  const { tarball } = await packFreshCopy(stage)
  rmSync(join(stage, 'project'), { recursive: true, force: true })
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
