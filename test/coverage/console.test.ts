/**
 * Coverage where people look in Chromium (Debian's, through playwright-core): the demo server's console
 * (its Coverage section over `GET /__admin/coverage`, downloaded as the same document) and the devtools
 * panel beside an app (`mountDevtools(mock, { coverage: true })`: its Coverage tab, exported as a
 * document `coverage merge` reads). Screenshots in test-results/coverage/.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import { build } from 'rolldown'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { CoverageDocument } from '../../src/coverage/document.ts'
import { parseCoverage } from '../../src/coverage/read.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.ts'

const SHOTS = fileURLToPath(new URL('../../test-results/coverage/', import.meta.url))
const source = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url))

/** The page's problems: errors and warnings on its console, uncaught errors. */
function watched(page: Page): string[] {
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => (message.type() === 'error' || message.type() === 'warning') && problems.push(`console ${message.type()}: ${message.text()}`))
  return problems
}

/** What the download link of a Coverage section holds, read whole. */
async function downloaded(page: Page, root: ReturnType<Page['locator']>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), root.getByRole('link', { name: 'Download coverage.json' }).click()])
  return readFileSync((await download.path())!, 'utf8')
}

describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)('coverage in the console and the devtools panel', { timeout: 60_000 }, () => {
  let browser: Browser
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  })
  afterAll(() => browser?.close())

  test('the console: the Coverage section says what the base state answered and downloads the document', async () => {
    const server: MockServer = await startMockServer({ port: 0, scenario: 'demo', seed: 7, coverage: true })
    try {
      const headers = { 'X-API-Key': server.api.credentials.apiKey, 'X-API-Secret': server.api.credentials.apiSecret }
      await fetch(`${server.url}/api/workspaces`, { headers })
      await fetch(`${server.url}/api/workspaces/wse_${'0'.repeat(32)}`, { headers })
      const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, acceptDownloads: true })
      const problems = watched(page)
      await page.goto(`${server.url}/`)
      const section = page.locator('#coverage-panel')
      await section.getByText('2 of 6 operations, 2 of 95 outcomes, 2 of 13 decision topics; 2 requests.').waitFor()
      await fetch(`${server.url}/api/workspaces`)
      await section.getByRole('button', { name: 'Refresh' }).click()
      await section.getByText('2 of 6 operations, 3 of 95 outcomes, 3 of 13 decision topics; 3 requests.').waitFor()
      expect(await section.locator('li').first().textContent()).toBe('401 for a wrong secret on any operation')
      await section.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}console.png` })
      const document = parseCoverage(await downloaded(page, section), 'the download')
      expect(document).toEqual(await (await fetch(`${server.url}/__admin/coverage`)).json())
      expect(problems).toEqual([])
      await page.close()
    } finally {
      await server.close()
    }
  })

  test('the devtools panel: the Coverage tab of the page\'s mock, exported as a document', async () => {
    const alias = { 'workspace-api-mock/browser': source('browser/index.ts'), 'workspace-api-mock/devtools': source('devtools/index.ts') }
    const output = await build({ input: fileURLToPath(new URL('./panel-page.ts', import.meta.url)), platform: 'browser', write: false, logLevel: 'silent', resolve: { alias, conditionNames: ['browser', 'import', 'default'] } })
    const files = new Map(output.output.map((file) => [`/${file.fileName}`, file.type === 'chunk' ? file.code : file.source]))
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>page</title><link rel="icon" href="data:,"></head><body><main><h1>A page</h1></main><script type="module" src="/${output.output[0]!.fileName}"></script></body></html>`
    const server: Server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname
      const body = path === '/' ? html : files.get(path)
      if (body === undefined) return void response.writeHead(404).end()
      response.writeHead(200, { 'Content-Type': path === '/' ? 'text/html' : 'text/javascript' }).end(body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })
      const problems = watched(page)
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
      await page.locator('body[data-ready="true"]').waitFor()
      await page.evaluate(() => (globalThis as unknown as { pageCalls(paths: string[]): Promise<void> }).pageCalls(['/api/workspaces', '/api/workspaces?x=1', '/api/nothing']))
      const panel = page.locator('[data-workspace-api-mock-devtools]')
      await panel.getByRole('button', { name: 'API mock' }).click()
      await panel.getByRole('tab', { name: 'Coverage' }).click()
      const tab = panel.getByRole('tabpanel', { name: 'Coverage' })
      await tab.getByRole('button', { name: 'Refresh' }).click()
      await tab.getByText('1 of 6 operations, 2 of 95 outcomes, 2 of 13 decision topics; 3 requests.').waitFor()
      await page.screenshot({ path: `${SHOTS}devtools.png` })
      const document: CoverageDocument = parseCoverage(await downloaded(page, tab), 'the export')
      expect(document.mocks).toEqual([{ scenario: 'demo', seed: 7, requests: 3 }])
      expect(document.examples.map((example) => [example.operation, example.outcomes, example.shape])).toEqual([
        ['listWorkspaces', ['200'], '?x'],
        ['listWorkspaces', ['200'], 'plain'],
        [null, ['404:no-operation'], 'plain'],
      ])
      expect(problems).toEqual([])
      await page.close()
    } finally {
      server.close()
    }
  })
})
