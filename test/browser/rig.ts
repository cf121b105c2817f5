/**
 * What the Vite-built browser tests share: a production build of a page folder (the package bundled from
 * source), served by `vite preview`, and Debian's Chromium through playwright-core (never a downloaded
 * browser). A build, not the dev server: each new browser context would load some two hundred source
 * modules one request at a time (demo.test.ts went from 15.6 to 9.9 s alone; docs/benchmark.md, "npm test").
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { msw } from 'msw/vite'
import { chromium, type Browser } from 'playwright-core'
import { build, preview, type InlineConfig, type PreviewServer } from 'vite'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.ts'

const SOURCE = fileURLToPath(new URL('../../src/browser/index.ts', import.meta.url))

/** Skipped only on a developer machine without Chromium; in CI (which installs it) a missing browser fails. */
export const withoutChromium = !existsSync(CHROMIUM) && !process.env.CI

export interface BrowserRig {
  /** The preview server's origin, e.g. `http://127.0.0.1:4173`. */
  origin: string
  browser: Browser
  close(): Promise<void>
}

/**
 * Builds `root`'s `entries` with Vite (its `vite.config.ts` when `configFile` is true, else MSW's Vite
 * plugin alone in `worker-only` mode, which emits the worker script), serves the build (with `headers`,
 * e.g. a Content-Security-Policy) and launches Chromium.
 */
export async function startRig(root: string, options: { configFile?: boolean; entries: string[]; headers?: Record<string, string> }): Promise<BrowserRig> {
  const outDir = mkdtempSync(join(tmpdir(), 'wam-vite-'))
  let server: PreviewServer | undefined
  let browser: Browser | undefined
  const close = async () => {
    await browser?.close()
    await server?.close()
    rmSync(outDir, { recursive: true, force: true })
  }
  try {
    const shared: InlineConfig = {
      root,
      configFile: options.configFile ? join(root, 'vite.config.ts') : false,
      plugins: options.configFile ? [] : [msw({ mode: 'worker-only' })],
      logLevel: 'error',
      // Development pages: their mock code sits behind `import.meta.env.DEV`, as the msw/vite plugin
      // recommends (and only then does the plugin emit the worker script). A build says false unless
      // NODE_ENV says otherwise; Vitest's `test` did, by accident: the pages are built as development ones.
      define: { 'import.meta.env.DEV': 'true' },
      // The page imports the package by name: bundle it from source rather than from a build.
      resolve: { alias: { 'workspace-api-mock/browser': SOURCE } },
      build: {
        outDir,
        emptyOutDir: true,
        rolldownOptions: { input: Object.fromEntries(options.entries.map((entry) => [entry.replace(/\.html$/, ''), join(root, entry)])) },
      },
    }
    await build(shared)
    server = await preview({ ...shared, preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false, headers: options.headers } })
    const origin = server.resolvedUrls!.local[0]!.replace(/\/$/, '')
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    return { origin, browser, close }
  } catch (error) {
    await close()
    throw error
  }
}
