/**
 * The demo server as one CommonJS script, the main script of the single executable (build-exe.ts).
 *
 * Node 24's single executable applications run a CommonJS main script only, whose `require` loads
 * Node's built-ins only: rolldown bundles src/cli/main.ts with every dependency (msw included), and its
 * lazy imports (the server, the YAML library, the icons) inlined. `import.meta.url` is a file under
 * PACKAGE_ROOT, where the kit finds its packaged files (packaged-files.ts).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'rolldown'
import { PACKAGE_ROOT } from './packaged-files.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SOURCES = `${ROOT}src/`

/** Where the CLI's module is in the package (dist/cli/main.js): the kit's relative paths start there. */
export const MAIN_URL = `file://${PACKAGE_ROOT}dist/cli/main.js`

/** The kit's own `node:fs` imports go through the packaged files; its dependencies' stay Node's. */
function packagedFs(): Plugin {
  const wrappers: Record<string, string> = {
    'node:fs': fileURLToPath(new URL('./fs.ts', import.meta.url)),
    'node:fs/promises': fileURLToPath(new URL('./fs-promises.ts', import.meta.url)),
  }
  return {
    name: 'workspace-api-mock:packaged-fs',
    resolveId(source, importer) {
      const wrapper = wrappers[source]
      if (wrapper && importer?.startsWith(SOURCES)) return wrapper
      return undefined
    },
  }
}

function isImportMetaResolve(loc: { file?: string; line: number; column: number } | undefined): boolean {
  if (!loc?.file) return false
  const line = readFileSync(loc.file, 'utf8').split('\n')[loc.line - 1] ?? ''
  return line.slice(loc.column).startsWith('import.meta.resolve(')
}

/** The bundled CLI's code. */
export async function bundleCli(): Promise<string> {
  const result = await build({
    cwd: ROOT,
    input: `${SOURCES}cli/main.ts`,
    platform: 'node',
    write: false,
    logLevel: 'warn',
    plugins: [packagedFs()],
    onLog(level, log, handler) {
      if (log.code !== 'EMPTY_IMPORT_META') return handler(level, log)
      // docs-page.ts looks for the renderer in node_modules when the package has none: never in the
      // executable, which has it. Any other use of import.meta would silently find nothing: stop.
      if (!isImportMetaResolve(log.loc)) handler('error', log)
    },
    transform: { define: { 'import.meta.url': JSON.stringify(MAIN_URL) } },
    treeshake: true,
    output: { format: 'cjs', codeSplitting: false, minify: true, comments: { legal: false } },
  })
  const [chunk, ...others] = result.output
  if (!chunk || chunk.type !== 'chunk' || others.some((file) => file.type === 'chunk')) {
    throw new Error('bundling the CLI did not produce exactly one script')
  }
  return chunk.code
}
