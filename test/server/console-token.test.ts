/**
 * The console on a server with an admin token, in real Chromium: opened from the banner's address (which
 * carries the token), it reads the admin with `Authorization: Bearer`, follows the log with `?token=`
 * and acts (reset) with the token; opened without it, the page is a 401. (The console without a token:
 * test/browser/console.test.ts.)
 */
import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { authOf } from './http-helpers.ts'

const TOKEN = 'console-token-test-0123456789'

describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)('the console with an admin token', { timeout: 30_000 }, () => {
  let server: MockServer
  let browser: Browser
  beforeAll(async () => {
    server = await startMockServer({ port: 0, scenario: 'demo', seed: 7, strict: false, adminToken: TOKEN })
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  }, 30_000)
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  test('from the address with the token: info, the live log and reset work', async () => {
    const page = await browser.newPage()
    const problems: string[] = []
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()))
    await page.goto(`${server.url}/__admin/?token=${TOKEN}`)
    await page.locator('#log-live', { hasText: 'live' }).waitFor()
    await expect.poll(() => page.locator('#summary').textContent()).toContain('demo')
    await fetch(`${server.url}/api/workspaces`, { headers: authOf(server.api.credentials) })
    await expect.poll(() => page.locator('#log tbody tr').count()).toBeGreaterThan(0)
    await page.locator('#reset').click()
    await expect.poll(() => server.api.journal.entries.length).toBe(0)
    expect(await page.locator('#snapshot-link').getAttribute('href')).toBe(`/__admin/snapshot?token=${TOKEN}`)
    expect(problems).toEqual([])
    await page.close()
  })

  test('"Back to the base state" keeps the token in the address (a reload works); the API reference link carries it', async () => {
    const session = await server.sessions.create()
    const page = await browser.newPage()
    await page.goto(`${server.url}/__admin/?token=${TOKEN}#session=${session.id}`)
    await page.getByRole('button', { name: 'Back to the base state' }).click()
    await expect.poll(() => page.evaluate(() => location.href)).toBe(`${server.url}/__admin/?token=${TOKEN}`)
    expect((await page.reload({ waitUntil: 'commit' }))?.status()).toBe(200)
    expect(await page.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe(`/api/docs?token=${TOKEN}`)
    expect((await fetch(`${server.url}/api/docs?token=${TOKEN}`)).status).toBe(200)
    await page.close()
    server.sessions.delete(session.id)
  })

  test('without the token the page is a 401 problem', async () => {
    const page = await browser.newPage()
    const response = await page.goto(`${server.url}/__admin/`)
    expect(response?.status()).toBe(401)
    expect(await page.textContent('body')).toContain('needs the admin token')
    await page.close()
  })
})
