/**
 * What the Vite-served browser tests share: a Vite dev server over a page folder (the package served from
 * source) and Debian's Chromium through playwright-core (never a downloaded browser).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { msw } from 'msw/vite'
import { chromium, type Browser } from 'playwright-core'
import { createServer, type ViteDevServer } from 'vite'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.ts'

const SOURCE = fileURLToPath(new URL('../../src/browser/index.ts', import.meta.url))

/** Skipped only on a developer machine without Chromium; in CI (which installs it) a missing browser fails. */
export const withoutChromium = !existsSync(CHROMIUM) && !process.env.CI

export interface BrowserRig {
  /** The dev server's origin, e.g. `http://127.0.0.1:5173`. */
  origin: string
  browser: Browser
  close(): Promise<void>
}

/**
 * Serves `root` with Vite (its `vite.config.ts` when `configFile` is true, else MSW's Vite plugin alone,
 * which serves the worker script) and launches Chromium.
 */
export async function startRig(root: string, options: { configFile?: boolean; entries: string[] }): Promise<BrowserRig> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'wam-vite-'))
  let vite: ViteDevServer | undefined
  let browser: Browser | undefined
  const close = async () => {
    await browser?.close()
    await vite?.close()
    rmSync(cacheDir, { recursive: true, force: true })
  }
  try {
    vite = await createServer({
      root,
      configFile: options.configFile ? join(root, 'vite.config.ts') : false,
      plugins: options.configFile ? [] : [msw()],
      cacheDir,
      logLevel: 'error',
      server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
      // The page imports the package by name: serve it from source rather than from a build.
      resolve: { alias: { 'workspace-api-mock/browser': SOURCE } },
      // Bundle the dependencies up front, so that the first load does not trigger a re-optimization.
      optimizeDeps: {
        entries: options.entries,
        include: ['msw', 'msw/browser', '@msw/data', 'zod', '@faker-js/faker', 'yaml'],
      },
    })
    await vite.listen()
    const origin = vite.resolvedUrls!.local[0]!.replace(/\/$/, '')
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    return { origin, browser, close }
  } catch (error) {
    await close()
    throw error
  }
}
