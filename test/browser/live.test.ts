/**
 * `live` in a page, in Chromium (docs/live.md): the browser worker's mock with one operation live and the
 * rest mocked, against the service of test/live/service.ts on another origin (which allows the page's, as
 * the demo server does: CORS). The forwarded request is asked of the service from the page, past the
 * worker; the devtools panel shows its journal entry and the drift a planted field makes. The screenshot
 * is kept in test-results/live/ (not committed).
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { jsonPlant, SERVICE, startService, type Service } from '../live/service.ts'
import { startRig, withoutChromium, type BrowserRig } from './rig.ts'

const PAGE = fileURLToPath(new URL('./live-page/', import.meta.url))
const SHOTS = fileURLToPath(new URL('../../test-results/live/', import.meta.url))

describe.skipIf(withoutChromium)('one operation live in a page, in Chromium', { timeout: 60_000 }, () => {
  let rig: BrowserRig
  let service: Service
  let page: Page
  const problems: string[] = []

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    service = await startService()
    service.plant = jsonPlant(/^\/api\/applications/, (body) => {
      for (const record of body.data ?? []) record.status = 'active'
    })
    rig = await startRig(PAGE, { entries: ['index.html'] })
    page = await (await rig.browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    const query = new URLSearchParams({ target: service.url, key: SERVICE.apiKey, secret: SERVICE.apiSecret })
    await page.goto(`${rig.origin}/?${query}`)
    await page.waitForSelector('body[data-ready="true"]', { state: 'attached', timeout: 30_000 })
  }, 60_000)

  afterAll(async () => {
    await rig?.close()
    await service?.close()
  })

  /** A request of the page's, with the mock's credentials, through the worker. */
  const call = (path: string, workspace?: string) =>
    page.evaluate(
      async ({ path, workspace }) => {
        const { apiKey, apiSecret } = (globalThis as any).mock.api.credentials
        const response = await fetch(path, { headers: { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret, ...(workspace && { 'X-Workspace-ID': workspace }) } })
        return { status: response.status, body: await response.json() }
      },
      { path, workspace },
    )

  test('the live operation is answered by the service, the rest by the mock; the panel shows the forwarded entry and its drift', async () => {
    const workspaces = await call('/api/workspaces')
    expect(workspaces.status).toBe(200)
    expect(workspaces.body.$schema).toBe(`${rig.origin}/api/schemas/SuccessResponseListWorkspaceBody.json`)
    const before = service.sent.length
    const applications = await call('/api/applications', workspaces.body.data[0].id)
    expect(applications.status).toBe(200)
    expect(applications.body.$schema).toBe(`${service.url}/api/schemas/PagingResponseListApplicationBody.json`)
    expect(applications.body.data[0].status).toBe('active')
    // Asked from the page, under the service's credentials; the preflight first, as the browser sends it.
    const sent = service.sent.slice(before)
    expect(sent.map((request) => request.method)).toEqual(['OPTIONS', 'GET'])
    expect(sent[1]!.headers).toMatchObject({ 'x-api-key': SERVICE.apiKey, 'x-api-secret': SERVICE.apiSecret, origin: rig.origin })

    const panel = page.locator('[data-workspace-api-mock-devtools]')
    const row = panel.locator('#log tbody tr', { hasText: '/api/applications' })
    await row.locator('button.open').click()
    const why = panel.locator('#log-detail dl.why')
    await expect.poll(() => why.textContent()).toContain('Decided bythe live service')
    const text = (await why.textContent())!
    expect(text).toContain(`Livelive: ${service.url}/api/applications, 200 in`)
    expect(text).toMatch(/Driftdiffers +listApplications\.fields +GET \/api\/applications +expected …\S+, observed …\S+,status,\S+ +\[Record fields\]/)
    await page.screenshot({ path: `${SHOTS}forwarded-entry.png` })

    await panel.locator('#tab-drift').click()
    const drift = panel.locator('#drift li')
    await expect.poll(() => drift.count()).toBe(3)
    expect(await drift.allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^differs +listApplications\.field-types +GET \/api\/applications /)]))
    await page.screenshot({ path: `${SHOTS}drift-tab.png` })
    expect(problems).toEqual([])
  })
})
