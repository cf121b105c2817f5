/** Serves panel-page.ts (a page with a mock of its own and the devtools on it) for the suites that drive the panel. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'

const PANEL_PAGE = fileURLToPath(new URL('./panel-page.ts', import.meta.url))
const source = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url))
/** The policy the panel's page is served with: its own scripts and styles only. */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'"

/** Serves panel-page.ts, bundled for the browser (its chunks too), under the CSP above. */
export async function servePanelPage(): Promise<{ url: string; close(): void }> {
  const alias = { 'workspace-api-mock/browser': source('browser/index.ts'), 'workspace-api-mock/devtools': source('devtools/index.ts') }
  const output = await build({ input: PANEL_PAGE, platform: 'browser', write: false, logLevel: 'silent', resolve: { alias, conditionNames: ['browser', 'import', 'default'] } })
  const files = new Map(output.output.map((file) => [`/${file.fileName}`, file.type === 'chunk' ? file.code : file.source]))
  const entry = output.output[0]!.fileName
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>panel</title><link rel="icon" href="data:,"></head><body><main><h1>A page</h1></main><script type="module" src="/${entry}"></script></body></html>`
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const body = path === '/' ? html : files.get(path)
    if (body === undefined) return void response.writeHead(404).end()
    response.writeHead(200, { 'Content-Type': path === '/' ? 'text/html' : 'text/javascript', 'Content-Security-Policy': CSP }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() }
}
