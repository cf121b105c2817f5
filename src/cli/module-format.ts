/**
 * A module of the user's (`--scenario`, `--operations`) loads as an ES module whatever its project's
 * `type`. `npm init` writes `"type": "commonjs"`, under which Node loads `./api-changes.ts` as CommonJS
 * and stops at its first `import` ("Cannot use import statement outside a module"). A load hook extends
 * Node's own rule for projects without a `type` to these: a `.js` or `.ts` file outside node_modules
 * that Node would load as CommonJS loads as an ES module when a line of it starts an `import` or `export`
 * statement. A file without one (`module.exports = ...`, `require`) stays CommonJS, as do `.cjs` and
 * `.cts` files. Hooks that run in the thread itself (`module.registerHooks`) exist from Node 22.15 on;
 * on an older Node the import error says what to do instead (`esmHint`).
 */
import nodeModule, { type LoadFnOutput } from 'node:module'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** What each CommonJS format becomes when the file turns out to be an ES module. */
const AS_MODULE: Record<string, string> = { commonjs: 'module', 'commonjs-typescript': 'module-typescript' }
/** A line that starts a static `import` (not `import(`) or an `export`: syntax CommonJS cannot parse. */
const MODULE_SYNTAX = /^[ \t]*(?:import[ \t]*[\w$*{'"]|export[\s{*])/m

let registered = false

/** Registers the hook once, before the first module of the user's is imported; a no-op where Node has no such hooks. */
export function loadModulesAsEsm(): void {
  if (registered || typeof nodeModule.registerHooks !== 'function') return
  registered = true
  nodeModule.registerHooks({
    load(url, context, nextLoad) {
      const loaded = nextLoad(url, context)
      return asModule(url, loaded) ?? loaded
    },
  })
}

function asModule(url: string, loaded: LoadFnOutput): LoadFnOutput | undefined {
  const format = AS_MODULE[loaded.format ?? '']
  if (format === undefined || !url.startsWith('file:')) return undefined
  const path = fileURLToPath(url)
  if (!/\.[jt]s$/.test(path) || /[\\/]node_modules[\\/]/.test(path)) return undefined
  // Node's CommonJS loader reads the file itself: the hook is given no source for it.
  const source = loaded.source ?? readFileSync(path)
  return MODULE_SYNTAX.test(String(source)) ? { ...loaded, format, source } : undefined
}

/** What to do when Node loaded a module of ES syntax as CommonJS anyway (a Node without the hook, a file under node_modules). */
export function esmHint(message: string): string {
  if (!/Cannot use import statement outside a module|Unexpected token 'export'/.test(message)) return ''
  return ' (Node loaded it as CommonJS: name it .mjs, or .mts for TypeScript, or set "type": "module" in its package.json)'
}
