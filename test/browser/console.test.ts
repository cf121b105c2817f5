/**
 * The demo server's console in real Chromium (Debian's /usr/bin/chromium through playwright-core): the
 * page at `/`, its live request log fed by server-sent events, fault controls, reset, snapshot and state
 * upload, sessions, keyboard use and an axe-core accessibility check. Screenshots are kept in
 * test-results/console/ (not committed).
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import AxeBuilder from '@axe-core/playwright'
import { chromium, type Browser, type Locator, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { serveBundledPage } from '../support/bundled-page.ts'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.ts'
import { logLayout } from './log-layout.ts'
import { buildScenario, defineOperation, unshownOperations, z } from '../../src/index.ts'
import { startMockServer, type MockServer } from '../../src/node/index.ts'
import { servePanelPage } from './panel-server.ts'

const SHOTS = fileURLToPath(new URL('../../test-results/console/', import.meta.url))
const SMALL = fileURLToPath(new URL('../../fixtures/small.json', import.meta.url))
const PANEL_PAGE = fileURLToPath(new URL('./panel-page.ts', import.meta.url))
const run = promisify(execFile)
/** The policy the panel's page is served with: its own scripts and styles only. */
const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'"

describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)('the console in Chromium', { timeout: 60_000 }, () => {
  let server: MockServer
  let browser: Browser
  let page: Page
  let problems: string[] = []
  const auth = () => ({ 'X-API-Key': server.api.credentials.apiKey, 'X-API-Secret': server.api.credentials.apiSecret })

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    server = await startMockServer({ port: 0, scenario: 'demo', seed: 7, strict: false, name: 'demo' })
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true })
    page = await context.newPage()
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`)
    })
    await page.goto(`${server.url}/`)
    await page.locator('#log-live', { hasText: 'live' }).waitFor()
  }, 60_000)

  afterEach(async (context) => {
    const seen = problems
    problems = []
    // A test that failed half-way must not fail the ones after it: no session of its left, the page back
    // on the base state.
    if (context.task.result?.state === 'fail') {
      for (const session of server.sessions.list()) server.sessions.delete(session.id)
      await page.goto(`${server.url}/`)
      await page.locator('#log-live', { hasText: 'live' }).waitFor()
    }
    expect(seen).toEqual([])
  })

  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  /** What a person sees on a laptop screen, scrolled to `section` (the log stays in view beside it). */
  const shot = async (name: string, section?: string) => {
    if (section) await page.locator(section).scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}${name}.png` })
    await page.evaluate(() => window.scrollTo(0, 0))
  }
  const rows = () => page.locator('#log tbody tr')

  test('the page shows the scenario, seed and counts, every principal with copy buttons and a curl line, and links the API reference', async () => {
    const expected = buildScenario('demo', { seed: 7 })
    await expect
      .poll(() => page.locator('#summary').textContent())
      .toBe(
        `Base state · scenario demo · seed 7 · 1 organization · ${expected.accounts.length} accounts · ` +
          `${expected.workspaces.length} workspaces · ${expected.applications.length} applications`,
      )
    const principals = page.locator('#principals article')
    expect(await principals.count()).toBe(server.api.principals.length)
    for (const [index, principal] of server.api.principals.entries()) {
      const card = principals.nth(index)
      expect(await card.locator('dd code').allTextContents()).toEqual([principal.apiKey, principal.apiSecret])
      expect(await card.locator('.curl code').textContent()).toBe(
        `curl -H 'X-API-Key: ${principal.apiKey}' -H 'X-API-Secret: ${principal.apiSecret}' ${server.url}/api/workspaces`,
      )
      expect(await card.getByRole('button', { name: /^Copy/ }).count()).toBe(3)
    }
    expect(await page.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/api/docs')
    expect(await page.title()).toBe('workspace-api-mock console')
    await shot('1-loaded')
  })

  test("the console lists the operations the server serves: the API's six, a preset, one of its own; the kit's routes folded away", async () => {
    const touch = defineOperation({ name: 'touchWorkspace', method: 'POST', path: '/api/workspaces/{workspaceId}/touch', params: { workspaceId: z.string().min(1).max(36) }, run: () => undefined })
    const other = await startMockServer({ port: 0, scenario: 'demo', seed: 7, strict: false, operations: [unshownOperations[0], touch] })
    const tab = await page.context().newPage()
    try {
      await tab.goto(`${other.url}/`)
      const listed = (title: string) => tab.locator('#state-panel').getByRole('list', { name: title }).getByRole('listitem').allTextContents()
      await expect.poll(() => listed("The API's operations")).toHaveLength(6)
      expect((await listed("The API's operations"))[2]).toBe('getWorkspaceGET /api/workspaces/{workspaceId}')
      expect(await listed('Presets opted into (operations the spec leaves unshown)')).toEqual(['deleteWorkspaceDELETE /api/workspaces/{workspaceId}'])
      expect(await listed('Operations of your own')).toEqual(['touchWorkspacePOST /api/workspaces/{workspaceId}/touch'])
      expect(await tab.locator('details.kit-routes').getAttribute('open')).toBeNull()
      await tab.locator('#operations').scrollIntoViewIfNeeded()
      await tab.screenshot({ path: `${SHOTS}8-operations.png` })
    } finally {
      await tab.close()
      await other.close()
    }
  })

  test('a copy button puts the curl line on the clipboard, and says so', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    const card = page.locator('#principals article').first()
    await card.getByRole('button', { name: /^Copy a curl line/ }).click()
    await expect.poll(() => page.locator('#status').textContent()).toMatch(/^Copied a curl line for /)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await card.locator('.curl code').textContent())
  })

  test('a request made with curl appears in the log as it is made (a live stream, no reload), errors with their problem detail', async () => {
    const { apiKey, apiSecret } = server.api.credentials
    await run('curl', ['-sS', '-o', '/dev/null', '-H', `X-API-Key: ${apiKey}`, '-H', `X-API-Secret: ${apiSecret}`, `${server.url}/api/workspaces?from=curl`])
    const sent = Date.now()
    await rows().filter({ hasText: '/api/workspaces?from=curl' }).first().waitFor({ timeout: 5000 })
    expect(Date.now() - sent).toBeLessThan(1000)
    await run('curl', ['-sS', '-o', '/dev/null', '-H', 'X-API-Key: nobody', '-H', 'X-API-Secret: nothing', `${server.url}/api/workspaces?from=stranger`])
    const refused = rows().filter({ hasText: '/api/workspaces?from=stranger' }).first()
    await refused.waitFor({ timeout: 5000 })
    // Newest first: method, path, status, duration, the problem's detail.
    const cells = await rows().first().locator('td').allTextContents()
    expect(cells.slice(1, 4)).toEqual(['GET', '/api/workspaces?from=stranger', '401'])
    expect(Number(cells[4])).toBeGreaterThanOrEqual(0)
    expect(cells[5]).toBe('invalid API key or secret')
    expect(await rows().nth(1).locator('td').nth(2).textContent()).toBe('/api/workspaces?from=curl')
    await shot('2-log')
  })

  test.each([1280, 1920])('at %i wide, the log wraps long paths between their parts, never inside an id, and shows the operation whole', async (width) => {
    const tab = await browser.newPage({ viewport: { width, height: 900 } })
    tab.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`))
    try {
      await tab.goto(`${server.url}/`)
      await tab.locator('#log-live', { hasText: 'live' }).waitFor()
      const workspace = server.api.db.workspaces.all()[0]!.id
      const scoped = { ...auth(), 'X-Workspace-ID': workspace }
      await fetch(`${server.url}/api/workspaces/${workspace}`, { headers: auth() })
      await fetch(`${server.url}/api/applications?page_size=50&current_page=2&sort=name`, { headers: scoped })
      await fetch(`${server.url}/api/applications/app_0123456789abcdef0123456789abcdef`, { headers: scoped })
      await fetch(`${server.url}/api/workspaces?width=${width}`, { method: 'POST', headers: { ...auth(), 'Content-Type': 'application/json' }, body: '{}' })
      const log = tab.locator('#log')
      await expect.poll(() => log.locator('tbody tr').first().locator('td.path').textContent()).toBe(`/api/workspaces?width=${width}`)
      const layout = await logLayout(log)
      expect(layout.ids.map(([id]) => id.slice(0, 4))).toEqual(expect.arrayContaining(['app_', 'wse_']))
      for (const [id, lines] of layout.ids) expect(lines, id).toBe(1)
      expect(layout).toMatchObject({ clipped: 0, overflow: 0 })
      expect(layout.operations.slice(0, 4)).toEqual(['createWorkspace', 'getApplication', 'listApplications', 'getWorkspace'])
      await tab.screenshot({ path: `${SHOTS}9-log-${width}.png` })
    } finally {
      await tab.close()
    }
  })

  test('a fault switched on in the page is seen by a fetch, listed as active, and removed from the page', async () => {
    const form = page.locator('form.fault-form', { hasText: 'Fail one operation' })
    await form.getByLabel('Operation').selectOption('listWorkspaces')
    await form.getByLabel('Status').selectOption('503')
    await form.getByRole('button', { name: 'Add failure' }).click()
    const active = page.locator('#faults-active li')
    await active.filter({ hasText: 'Fail listWorkspaces with 503' }).waitFor()
    const response = await fetch(`${server.url}/api/workspaces`, { headers: auth() })
    expect(response.status).toBe(503)
    expect((await response.json()).detail).toBe('injected fault: 503')
    // The hit shows up in the list.
    await active.filter({ hasText: '(hit 1)' }).waitFor()

    const latency = page.locator('form.fault-form', { hasText: 'Latency' })
    await latency.getByLabel('Delay in ms, or a range min-max').fill('150-200')
    await latency.getByRole('button', { name: 'Add latency' }).click()
    await active.filter({ hasText: 'Delay every operation by 150–200 ms' }).waitFor()
    await shot('3-faults', '#faults-panel')

    await page.getByRole('button', { name: /^Remove: Fail listWorkspaces/ }).click()
    await page.getByRole('button', { name: 'Clear faults' }).click()
    await page.locator('#faults-none').waitFor()
    expect((await fetch(`${server.url}/api/workspaces`, { headers: auth() })).status).toBe(200)
    expect(server.api.faults.size).toBe(0)
  })

  test('reset brings the initial state back; the counts follow writes', async () => {
    const workspaces = buildScenario('demo', { seed: 7 }).workspaces.length
    const created = await fetch(`${server.url}/api/workspaces`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Made before the reset' }),
    })
    expect(created.status).toBe(200)
    await expect.poll(() => page.locator('#summary').textContent()).toContain(`${workspaces + 1} workspaces`)
    await page.getByRole('button', { name: 'Reset to the initial state' }).click()
    await expect.poll(() => page.locator('#summary').textContent()).toContain(`${workspaces} workspaces`)
    const list = await (await fetch(`${server.url}/api/workspaces`, { headers: auth() })).json()
    expect(list.data.map((w: { name: string }) => w.name)).not.toContain('Made before the reset')
    // The journal was cleared with the state: the log starts again from that list.
    await expect.poll(() => rows().count()).toBe(1)
  })

  test('the snapshot downloads; a state file uploaded in the page is served (and a bad one is refused with the record named)', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#snapshot-download').click()])
    expect(download.suggestedFilename()).toBe('snapshot.json')
    const downloaded = JSON.parse(readFileSync((await download.path())!, 'utf8'))
    expect(downloaded).toEqual(server.api.snapshot())

    await page.setInputFiles('#upload-file', { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"organizations":[],"accounts":[],"workspaces":[],"applications":[{}]}') })
    await page.getByRole('button', { name: 'Upload' }).click()
    await expect.poll(() => page.locator('#upload-result').textContent()).toMatch(/^broken\.json was not loaded: state\.applications\[0\]: field id: .* \(at body\.applications\[0\]\.id\)$/)
    // Chromium logs every failed fetch; this refusal is the one expected.
    expect(problems).toEqual(['console error: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)'])
    problems = []
    await page.setInputFiles('#upload-file', SMALL)
    await page.getByRole('button', { name: 'Upload' }).click()
    await expect.poll(() => page.locator('#upload-result').textContent()).toBe('Serving small.json: 1 principal, 2 workspaces, 3 applications.')
    const served = await fetch(`${server.url}/api/workspaces`, { headers: { 'X-API-Key': 'demo-key', 'X-API-Secret': 'demo-secret' } })
    expect((await served.json()).data.map((w: { name: string }) => w.name)).toEqual(['Production', 'Staging'])
    await expect.poll(() => page.locator('#principals dd code').first().textContent()).toBe('demo-key')
    await shot('4-state', '#state-panel')
    await server.replaceState(buildScenario('demo', { seed: 7, assetsOrigin: server.url }), 'demo')
    await page.reload()
    await page.locator('#log-live', { hasText: 'live' }).waitFor()
  })

  test('sessions: created in the page, opened with their own log, principals and faults, deleted', async () => {
    await page.locator('#session-scenario').selectOption('multi-tenant')
    await page.locator('#session-seed').fill('3')
    await page.getByRole('button', { name: 'Create session' }).click()
    const row = page.locator('#sessions tbody tr').first()
    await row.filter({ hasText: 'multi-tenant, seed 3' }).waitFor()
    const session = server.sessions.list()[0]!
    await row.getByRole('button', { name: `Open session ${session.id}` }).click()
    await page.locator('#context-bar', { hasText: session.id }).waitFor()
    await expect.poll(() => page.locator('#summary').textContent()).toMatch(/^Session ses_\w+… · scenario multi-tenant · seed 3 · 2 organizations/)
    expect(page.url()).toBe(`${server.url}/#session=${session.id}`)
    expect(await page.locator('#principals dd code').first().textContent()).toBe(session.credentials.apiKey)

    // Its log: its own requests, not the base's.
    await page.locator('#log-live', { hasText: 'live' }).waitFor()
    const headers = { 'X-API-Key': session.credentials.apiKey, 'X-API-Secret': session.credentials.apiSecret }
    await fetch(`${server.url}/api/workspaces?who=session`, { headers })
    await fetch(`${server.url}/api/workspaces?who=base`, { headers: auth() })
    await rows().filter({ hasText: '?who=session' }).waitFor({ timeout: 5000 })
    await fetch(`${server.url}/api/workspaces?who=session-again`, { headers })
    await rows().filter({ hasText: '?who=session-again' }).waitFor({ timeout: 5000 })
    expect(await rows().filter({ hasText: '?who=base' }).count()).toBe(0)

    // Its faults.
    const form = page.locator('form.fault-form', { hasText: 'Disconnect one operation' })
    await form.getByLabel('Operation').selectOption('getWorkspace')
    await form.getByRole('button', { name: 'Add disconnect' }).click()
    await page.locator('#faults-active li', { hasText: 'Disconnect getWorkspace' }).waitFor()
    expect(session.api.faults.size).toBe(1)
    expect(server.api.faults.size).toBe(0)
    await shot('5-session', '#sessions-panel')

    await page.getByRole('button', { name: `Delete session ${session.id}` }).click()
    await page.locator('#context-bar').waitFor({ state: 'hidden' })
    await expect.poll(() => page.locator('#summary').textContent()).toMatch(/^Base state · scenario demo/)
    expect(server.sessions.size).toBe(0)
    expect((await fetch(`${server.url}/api/workspaces`, { headers })).status).toBe(401)
  })

  test('usable by keyboard: every control is reached with Tab, and Enter on Reset resets', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    const reached = new Set<string>()
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab')
      const name = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        if (!el || el === document.body) return ''
        return `${el.tagName.toLowerCase()}:${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`
      })
      reached.add(name)
      if (name === 'button:Reset to the initial state') break
    }
    expect(reached).toContain('a:API reference')
    expect(reached).toContain('button:Pause')
    expect([...reached].some((name) => name.startsWith('button:Copy the API key of'))).toBe(true)
    expect(reached).toContain('button:Add latency')
    expect(reached).toContain('button:Reset to the initial state')
    await fetch(`${server.url}/api/workspaces`, { method: 'POST', headers: { ...auth(), 'Content-Type': 'application/json' }, body: '{"name":"Keyboard"}' })
    await page.keyboard.press('Enter')
    await expect.poll(async () => (await (await fetch(`${server.url}/api/workspaces`, { headers: auth() })).json()).data.length).toBe(
      buildScenario('demo', { seed: 7 }).workspaces.length,
    )
    // The focus comes back to the button once it is done, and shows where the keyboard is.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Reset to the initial state')
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)
    expect(outline).toBe('solid')
  })

  // axe-core over the whole page twice took 7 s alone and 52 to 54 s under npm test's load before the Data
  // section was added (which adds its records and forms): the default minute is too close.
  test('axe-core finds no serious or critical accessibility violation, on the base state and on a session', { timeout: 120_000 }, async () => {
    const check = async () => {
      const results = await new AxeBuilder({ page }).analyze()
      return results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
    }
    await fetch(`${server.url}/api/workspaces/wse_nope`, { headers: auth() })
    await rows().first().waitFor()
    expect(await check()).toEqual([])
    const session = await server.sessions.create()
    await page.goto(`${server.url}/__admin/#session=${session.id}`)
    await page.locator('#context-bar', { hasText: session.id }).waitFor()
    await page.locator('#sessions tbody tr').first().waitFor()
    expect(await check()).toEqual([])
    await shot('6-admin-url-session')
    server.sessions.delete(session.id)
  })

  test('one UI in two places: the Data section refuses a value at its field and the API serves a rename next, in the console and in the devtools panel', async () => {
    const panelPage = await serveBundledPage(PANEL_PAGE, { 'Content-Security-Policy': CSP })
    const panel = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    panel.on('pageerror', (error) => problems.push(`panel pageerror: ${error.message}`))
    panel.on('console', (message) => message.type() === 'error' && problems.push(`panel console: ${message.text()}`))
    try {
      await panel.goto(panelPage.url)
      await panel.getByRole('tab', { name: 'Data', exact: true }).click()
      const places: Array<{ place: string; data: Locator; served: () => Promise<string[]> }> = [
        { place: 'console', data: page.locator('#data-panel'), served: async () => (await (await fetch(`${server.url}/api/workspaces`, { headers: auth() })).json()).data.map((w: { name: string }) => w.name) },
        {
          place: 'panel',
          data: panel.locator('#data-panel'),
          served: () =>
            panel.evaluate(async () => {
              const api = (globalThis as any).pageMock
              const answer = await api.handle(new Request('http://localhost/api/workspaces', { headers: { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret } }))
              return (await answer.json()).data.map((w: { name: string }) => w.name)
            }),
        },
      ]
      for (const { place, data, served } of places) {
        const [first] = await served()
        await data.getByRole('button', { name: first, exact: true }).click()
        const form = data.locator('form.record-form')
        const created = await form.getByLabel('created', { exact: true }).inputValue()
        await form.getByLabel('created', { exact: true }).fill('yesterday')
        await form.getByRole('button', { name: 'Save changes' }).click()
        await expect.poll(() => form.getByLabel('created', { exact: true }).getAttribute('aria-invalid'), { message: place, timeout: 10_000 }).toBe('true')
        expect(await form.locator('.problem:not([hidden])').allTextContents(), place).toEqual(['Invalid input: expected number, received string'])
        await form.getByLabel('created', { exact: true }).fill(created)
        await form.getByLabel('name', { exact: true }).fill(`Renamed in the ${place}`)
        await form.getByRole('button', { name: 'Save changes' }).click()
        await expect.poll(async () => (await served())[0], { message: place, timeout: 10_000 }).toBe(`Renamed in the ${place}`)
        expect(await form.locator('.problem:not([hidden])').count(), place).toBe(0)
      }
      await shot('7-data-both-places', '#data-panel')
      await panel.screenshot({ path: `${SHOTS}7-data-panel.png` })
      // Chromium logs the 422 the console's refused edit got; nothing else.
      expect(problems).toEqual(['console error: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)'])
      problems = []
    } finally {
      await panel.close()
      panelPage.close()
      await server.api.reset()
    }
  })
})
