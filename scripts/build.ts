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
 */
import { execFileSync } from 'node:child_process'
import { chmodSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'

const ROOT = fileURLToPath(new URL('../', import.meta.url))

/** Entry points: `dist/<name>.js`. */
export const ENTRIES = {
  index: 'src/index.ts',
  'node/index': 'src/node/index.ts',
  'browser/index': 'src/browser/index.ts',
  'vitest/index': 'src/vitest/index.ts',
  'cli/main': 'src/cli/main.ts',
} as const

/** Imports that stay imports: the peers, which must be the consumer's own copies, and Node's built-ins. */
const EXTERNAL = [/^msw(\/|$)/, /^vitest(\/|$)/, /^@playwright\/test(\/|$)/, /^node:/]

rmSync(new URL('dist', `file://${ROOT}`), { recursive: true, force: true })

await build({
  cwd: ROOT,
  input: ENTRIES,
  external: EXTERNAL,
  platform: 'neutral',
  resolve: { mainFields: ['module', 'main'], conditionNames: ['import', 'default'] },
  treeshake: true,
  output: {
    dir: 'dist',
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    // The YAML library (lazy: loaded for /api/openapi.yaml only) under its own name, not its `browser/` path's.
    codeSplitting: { groups: [{ name: 'yaml', test: /[\\/]node_modules[\\/]yaml[\\/]/ }] },
    // Readable output: the consumer's own bundler minifies for the browser; stack traces stay useful.
    minify: false,
    comments: { legal: true, annotation: true, jsdoc: false },
  },
})
chmodSync(new URL('dist/cli/main.js', `file://${ROOT}`), 0o755)

execFileSync(process.execPath, [fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)), '-p', 'tsconfig.build.json'], {
  cwd: ROOT,
  stdio: 'inherit',
})
