/**
 * A page of one script, bundled for the browser from source by rolldown (its lazy chunks too) and served on
 * a loopback port with MSW's worker script at `/mockServiceWorker.js`: the devtools panel's pages in the
 * Chromium suites (test/browser/) and its benchmark (bench/panel.ts). The package is imported by its public
 * names, resolved to src/.
 */
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'

const source = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url))
const WORKER = fileURLToPath(new URL('../../node_modules/msw/lib/mockServiceWorker.js', import.meta.url))
const ALIAS = { 'workspace-api-mock/browser': source('browser/index.ts'), 'workspace-api-mock/devtools': source('devtools/index.ts') }

export interface BundledPage {
  /** The page's address, ending in `/`. */
  url: string
  close(): void
}

/** Serves `entry` (a page script) bundled, under `headers` (e.g. a Content-Security-Policy). */
export async function serveBundledPage(entry: string, headers: Record<string, string> = {}): Promise<BundledPage> {
  const output = await build({ input: entry, platform: 'browser', write: false, logLevel: 'silent', resolve: { alias: ALIAS, conditionNames: ['browser', 'import', 'default'] } })
  const files = new Map<string, string | Uint8Array>(output.output.map((file) => [`/${file.fileName}`, file.type === 'chunk' ? file.code : file.source]))
  files.set('/mockServiceWorker.js', readFileSync(WORKER, 'utf8'))
  const script = output.output[0]!.fileName
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page</title><link rel="icon" href="data:,"></head><body><main><h1>A page</h1></main><script type="module" src="/${script}"></script></body></html>`
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const body = path === '/' ? html : files.get(path)
    if (body === undefined) return void response.writeHead(404).end()
    response.writeHead(200, { 'Content-Type': path === '/' ? 'text/html' : 'text/javascript', ...headers }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() }
}
