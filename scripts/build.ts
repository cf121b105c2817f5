/**
 * `npm run build`: the package's `dist/`.
 *
 * - JavaScript: rolldown bundles every entry point, with the runtime dependencies (@msw/data, zod, faker)
 *   tree-shaken into shared chunks. Peers (msw, vitest, @playwright/test) and Node's built-ins stay
 *   imports. Why: a consumer's test runner imports the kit in every test file, and Node pays per module
 *   file loaded (zod alone is ~100 files; @msw/data loads all of es-toolkit/compat for three functions).
 *   See docs/decisions/0005-light-at-the-edge.md.
 * - Types: TypeScript emits declarations beside them, one per module, so the shipped types are exactly
 *   the sources' (they import `zod`, `@msw/data`, `@faker-js/faker` and `msw` types, hence those stay
 *   dependencies).
 * - The reference page's renderer: Scalar's standalone build (one self-contained script) from the
 *   devDependency @scalar/api-reference, gzipped into dist/vendor/ with its license; the demo server serves
 *   it at /api/docs (src/server/http/docs-page.ts). Consumers get one 1.3 MB file instead of a dependency that
 *   installs about 290 MB. See docs/decisions/0006-the-published-contract.md.
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { constants, gzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'
import { bundleConsole } from '../src/server/console/bundle.ts'
import { packageBuilds } from './bundle-options.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))

rmSync(new URL('dist', `file://${ROOT}`), { recursive: true, force: true })

await build(packageBuilds(ROOT, 'dist'))
chmodSync(new URL('dist/cli/main.js', `file://${ROOT}`), 0o755)

// The renderer of /api/docs, beside the server code that serves it (dist/chunks/ -> ../vendor/), gzipped as
// it is served (browsers accept gzip; the server unzips it once for a client that does not).
const scalar = new URL('.', import.meta.resolve('@scalar/api-reference'))
const { version } = JSON.parse(readFileSync(new URL('../package.json', scalar), 'utf8')) as { version: string }
mkdirSync(new URL('dist/vendor', `file://${ROOT}`), { recursive: true })
const standalone = readFileSync(new URL('browser/standalone.js', scalar))
writeFileSync(
  new URL('dist/vendor/scalar-api-reference.js.gz', `file://${ROOT}`),
  gzipSync(standalone, { level: constants.Z_BEST_COMPRESSION }),
)
writeFileSync(new URL('dist/vendor/scalar-api-reference.LICENSE.txt', `file://${ROOT}`), scalarNotice(version))

// The demo server's console: its browser script, bundled (and minified: a browser loads it as is), and its
// style sheet, where src/server/console/assets.ts looks for them in the package.
const CONSOLE = new URL('dist/console/client/', `file://${ROOT}`)
mkdirSync(CONSOLE, { recursive: true })
writeFileSync(new URL('console.js', CONSOLE), await bundleConsole({ minify: true }))
copyFileSync(new URL('src/console-page/console.css', `file://${ROOT}`), new URL('console.css', CONSOLE))

execFileSync(process.execPath, [fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)), '--singleThreaded', '-p', 'tsconfig.build.json'], {
  cwd: ROOT,
  stdio: 'inherit',
})

/** The license of the copied renderer (its package ships none; MIT, as its package.json and repository say). */
function scalarNotice(version: string): string {
  return `scalar-api-reference.js.gz is the standalone build (gzipped) of @scalar/api-reference ${version}
(https://github.com/scalar/scalar, packages/api-reference), unchanged.

MIT License

Copyright (c) 2023-present Scalar

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`
}
