/**
 * Bundles the console's page script (src/console-page/main.ts) into one ES module. `npm run build` writes it to
 * `dist/console/client/console.js`; a server running from the sources (`npm start`, the tests) bundles it
 * on first request instead (see assets.ts). Never loaded by the installed package.
 */
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'

export const CONSOLE_ENTRY = fileURLToPath(new URL('../../console-page/main.ts', import.meta.url))

export async function bundleConsole(options: { minify?: boolean } = {}): Promise<string> {
  const result = await build({
    input: CONSOLE_ENTRY,
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    output: { format: 'esm', minify: options.minify ?? false },
  })
  const [chunk] = result.output
  if (!chunk || chunk.type !== 'chunk') throw new Error('bundling the console produced no script')
  return chunk.code
}
