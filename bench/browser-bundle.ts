/**
 * What the kit costs an app in the browser: a Vite production build of an app that only calls
 * `startMockWorker({ scenario: 'demo' })` and makes one request, against the same app with a plain MSW
 * `setupWorker` and one handler. Both are built in a fresh project with the packed tarball installed,
 * served from their build output and loaded in Chromium; what counts is every script the page loads
 * before the first answer reaches it (lazy chunks included), in bytes and gzipped. A third app asks for
 * `devtools: true` and opens the panel: what it loads before the first answer, and what the opening adds
 * (the panel's chunks); the kit's app must load no devtools script at all.
 */
import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { cpSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { consumerProject, userEnv } from './consumer-project.ts'

const CHROMIUM = '/usr/bin/chromium'
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

const HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>app</title><link rel="icon" href="data:,"></head>
<body><script type="module" src="./main.js"></script></body></html>
`

const KIT_APP = `import { startMockWorker } from 'workspace-api-mock/browser'

const mock = await startMockWorker({ scenario: 'demo' })
const response = await fetch('/api/workspaces', {
  headers: { 'X-API-Key': mock.api.credentials.apiKey, 'X-API-Secret': mock.api.credentials.apiSecret },
})
const { data } = await response.json()
document.body.dataset.answered = String(data.length)
`

const DEVTOOLS_APP = `import { startMockWorker } from 'workspace-api-mock/browser'

const mock = await startMockWorker({ scenario: 'demo', devtools: true })
const response = await fetch('/api/workspaces', {
  headers: { 'X-API-Key': mock.api.credentials.apiKey, 'X-API-Secret': mock.api.credentials.apiSecret },
})
const { data } = await response.json()
document.body.dataset.answered = String(data.length)
window.addEventListener('open-devtools', async () => {
  await (await mock.devtools).open()
  document.body.dataset.opened = 'true'
})
`

const BARE_APP = `import { http, HttpResponse } from 'msw'
import { setupWorker } from 'msw/browser'

const worker = setupWorker(
  http.get('/api/workspaces', () => HttpResponse.json({ data: [{ id: 'wse_1', name: 'One' }], success: true })),
)
await worker.start({ onUnhandledFrame: 'bypass' })
const response = await fetch('/api/workspaces', { headers: { 'X-API-Key': 'key', 'X-API-Secret': 'secret' } })
const { data } = await response.json()
document.body.dataset.answered = String(data.length)
`

type Script = { path: string; bytes: number; gzip: number }

export interface AppSize {
  /** Scripts the page loaded before the first answer, with their sizes. */
  scripts: Script[]
  bytes: number
  gzip: number
  /** Every JavaScript file of the build output (loaded or not). */
  builtBytes: number
  /** The devtools app: the scripts the panel's opening loaded, and their sizes. */
  opened?: { scripts: Script[]; bytes: number; gzip: number }
}

export interface BrowserBundleResult {
  kit: AppSize
  bare: AppSize
  devtools: AppSize
  /** What the kit adds. */
  added: { bytes: number; gzip: number }
}

const MIME: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [path]
  })
}

function sizes(root: string, paths: Iterable<string>): { scripts: Script[]; bytes: number; gzip: number } {
  const scripts = [...paths].sort().map((path) => {
    const body = readFileSync(join(root, path))
    return { path, bytes: body.length, gzip: gzipSync(body).length }
  })
  return { scripts, bytes: scripts.reduce((sum, s) => sum + s.bytes, 0), gzip: scripts.reduce((sum, s) => sum + s.gzip, 0) }
}

function serve(root: string) {
  return createServer((request, response) => {
    const path = normalize(join(root, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)))
    const file = path.endsWith('/') ? join(path, 'index.html') : path
    try {
      const body = readFileSync(file)
      response.writeHead(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream' }).end(body)
    } catch {
      response.writeHead(404).end()
    }
  })
}

async function measure(root: string, open = false): Promise<AppSize> {
  const server = serve(root)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    const scripts = new Set<string>()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.url().endsWith('.js')) scripts.add(new URL(request.url()).pathname)
    })
    await page.goto(`${origin}/`)
    await page.waitForSelector('body[data-answered]', { state: 'attached', timeout: 30_000 })
    const before = new Set(scripts)
    let opened: AppSize['opened']
    if (open) {
      await page.evaluate(() => window.dispatchEvent(new Event('open-devtools')))
      await page.waitForSelector('body[data-opened]', { state: 'attached', timeout: 30_000 })
      opened = sizes(root, [...scripts].filter((path) => !before.has(path)))
    }
    if (errors.length > 0) throw new Error(`the app failed: ${errors.join('; ')}`)
    const built = files(root).filter((file) => file.endsWith('.js'))
    return { ...sizes(root, before), builtBytes: built.reduce((sum, file) => sum + statSync(file).size, 0), ...(opened && { opened }) }
  } finally {
    await browser.close()
    server.close()
  }
}

export async function runBrowserBundle(): Promise<BrowserBundleResult> {
  const project = await consumerProject('wam-bench-bundle-', ['msw@^3.0.5', 'vite@^8'])
  try {
    const { dir } = project
    const worker = join(dir, 'node_modules/msw/lib/mockServiceWorker.js')
    const measured: Record<string, AppSize> = {}
    for (const [name, main] of [
      ['kit', KIT_APP],
      ['bare', BARE_APP],
      ['devtools', DEVTOOLS_APP],
    ] as const) {
      const app = join(dir, name)
      mkdirSync(join(app, 'public'), { recursive: true })
      writeFileSync(join(app, 'index.html'), HTML)
      writeFileSync(join(app, 'main.js'), main)
      cpSync(worker, join(app, 'public/mockServiceWorker.js'))
      execFileSync(process.execPath, [join(dir, 'node_modules/vite/bin/vite.js'), 'build', app, '--logLevel', 'error'], {
        cwd: dir,
        env: userEnv(),
        stdio: 'inherit',
      })
      measured[name] = await measure(join(app, 'dist'), name === 'devtools')
    }
    const kit = measured.kit!
    const bare = measured.bare!
    const devtools = measured.devtools!
    // `devtools: false` (the default) loads none of it: no script of the kit's app holds the launcher's name.
    const leaked = kit.scripts.filter((script) => readFileSync(join(dir, 'kit/dist', script.path), 'utf8').includes('workspace-api-mock-devtools'))
    if (leaked.length > 0) throw new Error(`the app without devtools loaded ${leaked.map((script) => script.path).join(', ')}`)
    return { kit, bare, devtools, added: { bytes: kit.bytes - bare.bytes, gzip: kit.gzip - bare.gzip } }
  } finally {
    project.dispose()
  }
}

if (import.meta.main) {
  console.log(JSON.stringify(await runBrowserBundle(), null, 2))
}
