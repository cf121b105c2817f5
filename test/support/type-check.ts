/**
 * `tsc` over files a test wrote (a generated module), strict and with skipLibCheck off, `workspace-api-mock`
 * resolved to the source as the kit's own type check resolves it. Answers what tsc printed: '' when they check.
 */
import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export async function typeCheck(folder: string, files: readonly string[]): Promise<string> {
  const compilerOptions = {
    target: 'es2023',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['es2023', 'dom'],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    // The kit's source imports its modules by their .ts names.
    allowImportingTsExtensions: true,
    paths: { 'workspace-api-mock': [join(ROOT, 'src/index.ts')] },
  }
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }))
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc')
  return promisify(execFile)(process.execPath, [tsc, '--singleThreaded', '-p', join(folder, 'tsconfig.json')]).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string; message: string }) => error.stdout || error.message,
  )
}
