/**
 * Playwright's global setup for the end-to-end suite:
 * - a production build of examples/browser-demo (the package imported from source), served statically by
 *   `vite preview` on a free port of 127.0.0.1: workers read its URL from `WAM_E2E_DEMO_URL`;
 * - an empty folder for the concurrency barrier (support.ts): `WAM_E2E_BARRIER_DIR`.
 * Playwright starts the workers after this has run, so they inherit both variables. Returns the teardown.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, preview } from 'vite'

const DEMO = fileURLToPath(new URL('../../examples/browser-demo/', import.meta.url))
const SOURCE = fileURLToPath(new URL('../../src/browser/index.ts', import.meta.url))

export default async function globalSetup(): Promise<() => Promise<void>> {
  const outDir = mkdtempSync(join(tmpdir(), 'wam-e2e-demo-'))
  const barrierDir = mkdtempSync(join(tmpdir(), 'wam-e2e-barrier-'))
  const shared = {
    root: DEMO,
    configFile: join(DEMO, 'vite.config.ts'),
    logLevel: 'error' as const,
    resolve: { alias: { 'workspace-api-mock/browser': SOURCE } },
    build: { outDir, emptyOutDir: true },
  }
  await build(shared)
  const server = await preview({ ...shared, preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false } })
  process.env.WAM_E2E_DEMO_URL = server.resolvedUrls!.local[0]!
  process.env.WAM_E2E_BARRIER_DIR = barrierDir
  return async () => {
    await server.close()
    rmSync(outDir, { recursive: true, force: true })
    rmSync(barrierDir, { recursive: true, force: true })
  }
}
