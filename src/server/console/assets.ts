/**
 * The console's static files: its script (client/*.ts, bundled) and its style sheet.
 *
 * Where they are: the package ships them in `dist/console/client/` (written by scripts/build.ts); this
 * module ends up in a file one level below `dist/` (`dist/chunks/`, `dist/node/`), and in the sources it
 * is `src/server/console/assets.ts`, so `../console/client/` names the right folder in both. From the
 * sources the script is not built yet: it is bundled on first request (rolldown, a devDependency).
 */
import { readFile } from 'node:fs/promises'

const CLIENT = new URL('../console/client/', import.meta.url)

export interface Asset {
  body: Buffer
  type: string
}

const TYPES: Record<string, string> = {
  'console.js': 'text/javascript; charset=utf-8',
  'console.css': 'text/css; charset=utf-8',
}

const loaded = new Map<string, Promise<Asset>>()

/** The asset of that name (`console.js`, `console.css`), or undefined for any other name. */
export function consoleAsset(name: string): Promise<Asset> | undefined {
  const type = TYPES[name]
  if (type === undefined) return undefined
  let asset = loaded.get(name)
  // Stryker disable next-line ConditionalExpression: `true`: only the cache: loading again gives the same bytes (the `false` replacement, ignored with it, is killed by test/server/control.test.ts)
  if (!asset) {
    asset = load(name).then((body) => ({ body, type }))
    // A failure is not kept: the next request tries again.
    // Stryker disable next-line ArrowFunction: untestable here: only a failed load differs (kept instead of tried again), and from the sources console.css always reads and console.js always bundles
    asset.catch(() => loaded.delete(name))
    // Stryker disable next-line CallExpression: only the cache: every request loads again, the same bytes
    loaded.set(name, asset)
  }
  return asset
}

async function load(name: string): Promise<Buffer> {
  try {
    return await readFile(new URL(name, CLIENT))
    // Stryker disable next-line BlockStatement: untestable here: only a read failing otherwise than console.js's ENOENT differs (bundled instead of a 500), and from the sources console.css always reads
  } catch (error) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: untestable here: only a read failing otherwise than console.js's ENOENT differs, and from the sources console.css always reads (the `true` replacement, ignored with them, is killed by test/server/console-http.test.ts)
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || name !== 'console.js') throw error
  }
  // Running from the sources: bundle the script now. (Not a static import: the package has no bundler.)
  const bundler = (await import(new URL('./bundle.ts', import.meta.url).href)) as typeof import('./bundle.ts')
  return Buffer.from(await bundler.bundleConsole())
}
