/**
 * The demo server's API reference (GET /api/docs) in Debian's Chromium: it renders the six operations from
 * the served contract, tells the reader the scenario's credentials, "Try it" calls this mock, nothing is
 * loaded from any other host (every such request fails the test), and the console stays clean. A screenshot
 * is kept in test-results/ (git-ignored).
 */
import { existsSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'

const RESULTS = fileURLToPath(new URL('../../test-results/', import.meta.url))

const OPERATIONS = [
  ['GET', 'List workspaces'],
  ['POST', 'Create workspace'],
  ['GET', 'Get workspace'],
  ['PUT', 'Update workspace'],
  ['GET', 'List applications'],
  ['GET', 'Get application'],
] as const

// Skipped only on a developer machine without Chromium; in CI (which installs it) a missing browser fails.
describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)('the API reference at /api/docs in Chromium', { timeout: 60_000 }, () => {
  let server: MockServer
  let browser: Browser
  let page: Page
  const problems: string[] = []
  const elsewhere: string[] = []

  beforeAll(async () => {
    server = await startMockServer({ port: 0, scenario: 'demo', seed: 7 })
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } })
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`)
    })
    // Offline: a request to any host but this server's fails the page and is reported.
    const origin = new URL(server.url).origin
    await page.route('**', (route) => {
      const url = route.request().url()
      if (new URL(url).origin === origin) return route.continue()
      elsewhere.push(url)
      return route.abort()
    })
    await page.goto(`${server.url}/api/docs`)
    await page.getByRole('heading', { name: 'Credentials of this mock' }).waitFor({ timeout: 30_000 })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  test('renders the six operations of the served contract, with nothing loaded from another host', async () => {
    for (const [method, summary] of OPERATIONS) {
      const entry = page.getByRole('link', { name: new RegExp(`^${summary}`) }).first()
      await expect.poll(() => entry.isVisible(), { message: summary }).toBe(true)
      expect(await entry.textContent(), summary).toContain(method)
    }
    await expect.poll(() => page.locator('text=/^OpenAPI 3\\.1\\.0$/').count()).toBeGreaterThan(0)
    mkdirSync(RESULTS, { recursive: true })
    await page.screenshot({ path: `${RESULTS}docs-page.png` })
    expect(elsewhere).toEqual([])
    expect(problems).toEqual([])
  })

  test("tells the reader every principal's credentials and a workspace to scope application calls", async () => {
    const section = page.locator('ul', { hasText: 'X-API-Secret: ' }).first()
    const text = await section.innerText()
    for (const principal of server.api.principals) {
      expect(text).toContain(principal.apiKey)
      expect(text).toContain(principal.apiSecret)
    }
    const workspace = server.api.db.workspaces.all().find((w) => w.organization === server.api.principals[0]!.organization)!
    expect(text).toContain(workspace.id)
    await section.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${RESULTS}docs-page-credentials.png` })
  })

  test('"Try it" calls this mock with the first principal filled in', async () => {
    await page.getByRole('link', { name: /^List workspaces/ }).first().click()
    await page.getByRole('button', { name: /Test Request/ }).first().click()
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/workspaces' && r.request().method() === 'GET'),
      page.getByRole('button', { name: /^Send/ }).first().click(),
    ])
    expect(response.url()).toBe(`${server.url}/api/workspaces`)
    expect(response.status()).toBe(200)
    const sent = server.api.journal.entries.at(-1)!
    expect(sent).toMatchObject({ operation: 'listWorkspaces', status: 200 })
    expect(sent.headers['x-api-key']).toBe(server.api.credentials.apiKey)
    await page.getByText('200 OK').first().waitFor()
    await page.screenshot({ path: `${RESULTS}docs-page-try-it.png` })
    expect(elsewhere).toEqual([])
    expect(problems).toEqual([])
  })
})
