/**
 * The console's static files: its script (src/console-page/, bundled) and its style sheet.
 *
 * Where they are: the package ships them in `dist/console/client/` (written by scripts/build.ts), and this
 * module ends up in a file one level below `dist/` (`dist/chunks/`, `dist/node/`), so `../console/client/`
 * names that folder. From the sources (src/server/console/assets.ts) that folder does not exist: the style
 * sheet is read from the page's own folder, src/console-page/, and the script bundled on first request
 * (rolldown, a devDependency).
 */
import { readFile } from 'node:fs/promises'

const CLIENT = new URL('../console/client/', import.meta.url)
/** The console page's folder in the sources. */
const SOURCES = new URL('../../console-page/', import.meta.url)

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
  // Stryker disable next-line ConditionalExpression: cache
  if (!asset) {
    asset = load(name).then((body) => ({ body, type }))
    // A failure is not kept: the next request tries again.
    asset.catch(() => loaded.delete(name))
    loaded.set(name, asset)
  }
  return asset
}

async function load(name: string): Promise<Buffer> {
  try {
    return await readFile(new URL(name, CLIENT))
  } catch (error) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: untestable
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  if (name === 'console.css') return await readFile(new URL(name, SOURCES))
  // Running from the sources: bundle the script now. (Not a static import: the package has no bundler.)
  const bundler = (await import(new URL('./bundle.ts', import.meta.url).href)) as typeof import('./bundle.ts')
  return Buffer.from(await bundler.bundleConsole())
}
