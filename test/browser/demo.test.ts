/**
 * The browser demo in real Chromium (Debian's /usr/bin/chromium through playwright-core): Vite builds
 * examples/browser-demo, MSW's service worker answers the API from workspace-api-mock/browser. Every page
 * is served under a strict Content-Security-Policy (scripts and styles of its own origin only): the kit,
 * its worker and the devtools panel run under it. Screenshots of the panel go to test-results/devtools/.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { startRig, withoutChromium, type BrowserRig } from './rig.ts'

const DEMO = fileURLToPath(new URL('../../examples/browser-demo/', import.meta.url))
const SHOTS = fileURLToPath(new URL('../../test-results/devtools/', import.meta.url))
/** The policy the pages are served with: what docs/browser.md says the devtools need, and nothing more. */
export const CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'"

/** What the demo page must show: the demo scenario with seed 42, in API order (created, then id). */
async function expectedData() {
  const api = createMockApi({ scenario: 'demo', seed: 42, strict: false })
  await api.ready
  const byCreated = <T extends { created: number; id: string }>(a: T, b: T) => a.created - b.created || (a.id < b.id ? -1 : 1)
  const workspaces = [...api.db.workspaces.all()].sort(byCreated)
  const applications = [...api.db.applications.all()].sort(byCreated)
  return { workspaces, applications }
}

describe.skipIf(withoutChromium)('browser demo in Chromium', { timeout: 60_000 }, () => {
  let rig: BrowserRig
  let browser: Browser
  let origin: string
  let problems: string[] = []

  beforeAll(async () => {
    rig = await startRig(DEMO, { configFile: true, entries: ['index.html', 'plugin.html', 'swr.html'], headers: { 'Content-Security-Policy': CSP } })
    ;({ browser, origin } = rig)
  }, 60_000)

  beforeEach(() => {
    problems = []
  })

  afterAll(async () => {
    await rig?.close()
  })

  async function open(context: BrowserContext, path = '/'): Promise<Page> {
    const page = await context.newPage()
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    await page.goto(`${origin}${path}`)
    return page
  }

  async function ready(page: Page): Promise<void> {
    await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 })
  }

  /** A fresh browser context with the demo page open and its mock ready; closed when `use` is done. */
  async function withReadyPage(use: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext()
    try {
      const page = await open(context)
      await ready(page)
      await use(page)
    } finally {
      await context.close()
    }
  }

  const names = (page: Page) => page.locator('[data-testid="workspace"] strong').allTextContents()

  test('renders the seeded workspaces and their applications, and a create round trip works and survives a reload', async () => {
    const { workspaces, applications } = await expectedData()
    await withReadyPage(async (page) => {
      expect(await names(page)).toEqual(workspaces.map((w) => w.name))

      const first = page.locator('[data-testid="workspace"]').first()
      const firstApps = applications.filter((a) => a.workspace === workspaces[0]!.id)
      expect(await first.locator('small').textContent()).toBe(`${firstApps.length} applications`)
      expect(await first.locator('[data-testid="application"]').allTextContents()).toEqual(
        firstApps.slice(0, 10).map((a) => `${a.name} (${a.external_domain})`),
      )

      // Create: the POST goes through the worker, the list is fetched again and shows the new workspace.
      await page.fill('#create input[name="name"]', 'Browser Round Trip')
      await page.fill('#create input[name="description"]', 'made in Chromium')
      const [created] = await Promise.all([
        page.waitForResponse((r) => r.url() === `${origin}/api/workspaces` && r.request().method() === 'POST'),
        page.click('#create button[type="submit"]'),
      ])
      expect(created.status()).toBe(200)
      expect(created.fromServiceWorker()).toBe(true)
      const { data } = await created.json()
      expect(data).toMatchObject({ name: 'Browser Round Trip', description: 'made in Chromium' })
      await expect.poll(() => names(page)).toEqual([...workspaces.map((w) => w.name), 'Browser Round Trip'])
      expect(await page.textContent('#status')).toBe(`Created Browser Round Trip (${data.id})`)
      // Saved with the write itself, not only when the page goes away.
      const saved = await page.evaluate(() => sessionStorage.getItem('workspace-api-mock:demo:42'))
      expect(JSON.parse(saved!).state.workspaces.map((w: { id: string }) => w.id)).toContain(data.id)

      // Reload: the state comes back from sessionStorage.
      await page.reload()
      await ready(page)
      expect(await names(page)).toEqual([...workspaces.map((w) => w.name), 'Browser Round Trip'])
      expect(await page.locator(`[data-id="${data.id}"] strong`).textContent()).toBe('Browser Round Trip')

      // Another tab has its own sessionStorage: it starts from the scenario.
      const other = await browser.newContext()
      try {
        const fresh = await open(other)
        await ready(fresh)
        expect(await names(fresh)).toEqual(workspaces.map((w) => w.name))
      } finally {
        await other.close()
      }

      // "Reset data" forgets the saved state.
      await page.click('#reset-data')
      await page.waitForLoadState('load')
      await ready(page)
      await expect.poll(() => names(page)).toEqual(workspaces.map((w) => w.name))
      expect(problems).toEqual([])
    })
  })

  test('the same seed builds the same state, byte for byte, in Chromium as in Node', async () => {
    await withReadyPage(async (page) => {
      const inBrowser = await page.evaluate(() =>
        JSON.stringify((globalThis as unknown as { workspaceApiMock: { api: { snapshot(): unknown } } }).workspaceApiMock.api.snapshot()),
      )
      // The page's icon URLs point at its own origin: build the Node side for the same origin.
      const api = createMockApi({ scenario: 'demo', seed: 42, assetsOrigin: origin, strict: false })
      await api.ready
      const inNode = JSON.stringify(api.snapshot())
      expect(inBrowser.length).toBeGreaterThan(10_000)
      expect(inBrowser).toBe(inNode)
      expect(problems).toEqual([])
    })
  })

  test('a damaged saved state is set aside with a warning: the page starts from the scenario', async () => {
    const { workspaces } = await expectedData()
    const context = await browser.newContext()
    try {
      await context.addInitScript(() => {
        const key = 'workspace-api-mock:demo:42'
        if (!sessionStorage.getItem('seeded-bad-state')) {
          sessionStorage.setItem('seeded-bad-state', '1')
          sessionStorage.setItem(key, JSON.stringify({ version: 1, state: { organizations: [], accounts: 'nope' } }))
        }
      })
      const page = await context.newPage()
      const warnings: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text())
      })
      await page.goto(`${origin}/`)
      await ready(page)
      expect(await names(page)).toEqual(workspaces.map((w) => w.name))
      expect(warnings.join('\n')).toContain('ignoring the saved state under "workspace-api-mock:demo:42": state.accounts must be an array')
    } finally {
      await context.close()
    }
  })

  test('icons load from the worker: 200, image/webp, decoded at their size', async () => {
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      const iconResponse = page.waitForResponse((r) => /\/api\/icons\/img_[0-9a-f]+_72\.webp$/.test(r.url()))
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      await page.goto(`${origin}/`)
      await ready(page)
      const response = await iconResponse
      expect(response.url().startsWith(`${origin}/api/icons/`)).toBe(true)
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe('image/webp')
      const sizes = await page.$$eval('[data-testid="workspace"] img', async (images) => {
        await Promise.all(images.map((image) => (image as HTMLImageElement).decode()))
        return images.map((image) => [(image as HTMLImageElement).naturalWidth, (image as HTMLImageElement).naturalHeight])
      })
      expect(sizes.length).toBeGreaterThan(2)
      expect(new Set(sizes.map(String))).toEqual(new Set(['72,72']))
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('the worker serves the OpenAPI documents too, with servers = the page origin', async () => {
    await withReadyPage(async (page) => {
      const result = await page.evaluate(async () => {
        const json = await fetch('/api/openapi.json')
        const yaml = await fetch('/api/openapi-3.0.yaml')
        return {
          json: [json.status, json.headers.get('content-type'), (await json.json()).servers],
          yaml: [yaml.status, yaml.headers.get('content-type'), (await yaml.text()).split('\n')[0]],
        }
      })
      expect(result).toEqual({
        json: [200, 'application/openapi+json', [{ url: origin }]],
        yaml: [200, 'application/openapi+yaml', 'openapi: 3.0.3'],
      })
      expect(problems).toEqual([])
    })
  })

  test('the worker answers what no operation takes (its lazily loaded catch-all): 404, 405 with Allow, 414', async () => {
    await withReadyPage(async (page) => {
      const result = await page.evaluate(async () => {
        const unknown = await fetch('/api/nothing-here')
        const wrongMethod = await fetch('/api/workspaces', { method: 'DELETE' })
        const overlong = await fetch(`/api/workspaces/${'a'.repeat(9000)}`)
        return {
          unknown: [unknown.status, (await unknown.json()).detail],
          wrongMethod: [wrongMethod.status, wrongMethod.headers.get('allow')],
          overlong: overlong.status,
        }
      })
      expect(result).toEqual({
        unknown: [404, 'no operation at /api/nothing-here'],
        wrongMethod: [405, 'GET, POST, OPTIONS'],
        overlong: 414,
      })
      // Chromium logs every 4xx answer to fetch as a console error; nothing else may show up.
      expect(problems.filter((problem) => !problem.includes('Failed to load resource'))).toEqual([])
    })
  })

  test('faults, the journal and overrides work in the browser too (the same core)', async () => {
    await withReadyPage(async (page) => {
      const result = await page.evaluate(async () => {
        const { api } = (globalThis as any).workspaceApiMock
        const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }
        api.journal.clear()
        api.faults.fail('listWorkspaces', { status: 503, times: 1 })
        const failed = await fetch('/api/workspaces', { headers })
        const recovered = await fetch('/api/workspaces', { headers })
        api.faults.latency('listWorkspaces', 300)
        const started = performance.now()
        const slow = await fetch('/api/workspaces', { headers })
        const slowMs = performance.now() - started
        api.faults.clear()
        api.override('listWorkspaces', ({ problem }: any) => problem(418, 'overridden in the browser'), { once: true })
        const overridden = await fetch('/api/workspaces', { headers })
        return {
          failed: [failed.status, failed.headers.get('content-type'), (await failed.json()).title],
          recovered: recovered.status,
          slow: [slow.status, slowMs],
          overridden: [overridden.status, (await overridden.json()).detail],
          journal: api.journal.count({ operation: 'listWorkspaces' }),
        }
      })
      expect(result.failed).toEqual([503, 'application/problem+json', 'Service Unavailable'])
      expect(result.recovered).toBe(200)
      expect(result.slow[0]).toBe(200)
      expect(result.slow[1]).toBeGreaterThanOrEqual(290)
      expect(result.overridden).toEqual([418, 'overridden in the browser'])
      expect(result.journal).toBe(4)
    })
  })

  test('the msw/vite plugin way: virtual:msw network with createBrowserMock', async () => {
    const { workspaces } = await expectedData()
    const context = await browser.newContext()
    try {
      const page = await open(context, '/plugin.html')
      await page.waitForFunction(() => document.querySelector('#summary')?.textContent !== 'loading...')
      expect(await page.textContent('#summary')).toBe(`200: ${workspaces.length} workspaces`)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })

  describe('the devtools panel', () => {
    /** Chromium logs every 4xx and 5xx answer to fetch; the ones a test asks for are expected. */
    const unexpected = () => problems.filter((problem) => !/Failed to load resource: the server responded with a status of (404|422|503)/.test(problem))
    const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}${name}.png` })
    const tab = (panel: Locator, name: string) => panel.getByRole('tab', { name, exact: true }).click()
    /** axe-core over the panel alone: no violation of any impact. */
    const axe = async (page: Page) =>
      (await new AxeBuilder({ page }).include('[data-workspace-api-mock-devtools]').analyze()).violations.map(
        (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      )

    // axe-core checks the panel three times: a refused field, a request opened with its why, and at the end
    // every tab's panel shown at once (axe skips what is hidden).
    test('opens beside the app, loaded only then; rename, a 503 and its recovery, why of a 404 and a 422, reset, empty', { timeout: 180_000 }, async () => {
      mkdirSync(SHOTS, { recursive: true })
      const { workspaces } = await expectedData()
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
      try {
        const scripts: string[] = []
        context.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname))
        const page = await open(context)
        await ready(page)
        const panel = page.locator('[data-workspace-api-mock-devtools]')
        await panel.getByRole('button', { name: 'API mock' }).waitFor()
        expect(scripts.filter((path) => /\/panel-/.test(path))).toEqual([])
        const appButton = () => page.locator('#create button[type="submit"]').evaluate((element) => { const style = getComputedStyle(element); return [style.font, style.color, style.background, style.border, style.padding].join(' | ') })
        const appLooks = await appButton()

        // Alt+Shift+M opens it; its chunk loads now; the log holds the page's requests.
        await page.keyboard.press('Alt+Shift+M')
        const requests = panel.getByRole('tabpanel', { name: 'Requests' })
        await requests.locator('#log tbody tr').first().waitFor()
        expect(scripts.filter((path) => /\/panel-/.test(path))).toHaveLength(1)
        expect(await panel.getByRole('tab', { name: 'Requests' }).evaluate((element) => element === (element.getRootNode() as ShadowRoot).activeElement)).toBe(true)
        expect(await requests.locator('#log tbody tr .operation').allTextContents()).toContain('listWorkspaces')
        // Its styles stay in its shadow root: the app's button looks as it did.
        expect(await appButton()).toBe(appLooks)
        await shot(page, '1-requests')

        // Data: rename the first workspace; the app refetches and shows the new name.
        await tab(panel, 'Data')
        const data = panel.getByRole('tabpanel', { name: 'Data' })
        await data.getByRole('button', { name: workspaces[0]!.name, exact: true }).click()
        const form = data.getByRole('form', { name: `workspace ${workspaces[0]!.id}` })
        await form.getByLabel('name', { exact: true }).fill('Renamed in the panel')
        await form.getByRole('button', { name: 'Save changes' }).click()
        await expect.poll(() => names(page), { timeout: 10_000 }).toEqual(['Renamed in the panel', ...workspaces.slice(1).map((w) => w.name)])
        // A value the kit refuses: its problem shows where it was typed, and nothing changes.
        await form.getByLabel('created', { exact: true }).fill('yesterday')
        await form.getByRole('button', { name: 'Save changes' }).click()
        const created = form.getByLabel('created', { exact: true })
        await expect.poll(() => created.getAttribute('aria-invalid'), { timeout: 10_000 }).toBe('true')
        expect(await form.locator('.problem:not([hidden])').textContent()).toBe('Invalid input: expected number, received string')
        expect(await axe(page)).toEqual([])
        await shot(page, '2-data-refused')

        // Faults: listApplications fails with 503: the app shows its error; removed, it recovers.
        await tab(panel, 'Faults')
        const faults = panel.getByRole('tabpanel', { name: 'Faults' })
        const fail = faults.locator('form.fault-form', { hasText: 'Fail one operation' })
        await fail.getByLabel('Operation').selectOption('listApplications')
        await fail.getByLabel('Status').selectOption('503')
        await fail.getByRole('button', { name: 'Add failure' }).click()
        await page.locator('body[data-ready="error"]').waitFor()
        expect(await page.textContent('#status')).toBe('Could not load the workspaces: 503 injected fault: 503')
        await shot(page, '3-fault-error')
        await faults.getByRole('button', { name: /^Remove: Fail listApplications with 503/ }).click()
        await ready(page)
        expect(await names(page)).toEqual(['Renamed in the panel', ...workspaces.slice(1).map((w) => w.name)])

        // Why: a workspace of another organization is a 404 like a missing one; the panel says which.
        await tab(panel, 'Data')
        await data.getByLabel('Collection').selectOption('organizations')
        await data.getByRole('button', { name: 'Add an organization' }).click()
        const added = (await panel.getByRole('status').textContent())!.match(/org_[0-9a-f]+/)![0]
        await data.getByLabel('Collection').selectOption('accounts')
        await data.getByLabel('Of the organization').selectOption(added)
        await data.getByRole('button', { name: 'Add a principal' }).click()
        await data.getByLabel('Collection').selectOption('workspaces')
        await data.getByLabel('Of the organization').selectOption(added)
        await data.getByRole('button', { name: 'Add a workspace' }).click()
        const foreign = await data.locator('.record input[name="id"]').inputValue()
        const statuses = await page.evaluate(async (id) => {
          const { apiKey, apiSecret } = (globalThis as any).workspaceApiMock.api.credentials
          const headers = { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret }
          const other = await fetch(`/api/workspaces/${id}`, { headers })
          const bad = await fetch('/api/applications?page_size=5', { headers: { ...headers, 'X-Workspace-ID': id } })
          return [other.status, bad.status]
        }, foreign)
        expect(statuses).toEqual([404, 422])
        await tab(panel, 'Requests')
        await requests.getByRole('button', { name: `GET /api/workspaces/${foreign}, 404: open` }).click()
        const detail = requests.locator('#log-detail')
        await expect.poll(() => detail.locator('dl.why').textContent(), { timeout: 10_000 }).toContain(`Decided byworkspace ${foreign}: another organization's (the API answers 404 as for a missing one)`)
        await shot(page, '4-why-404')
        await requests.getByRole('button', { name: 'GET /api/applications?page_size=5, 422: open' }).click()
        await expect.poll(() => detail.locator('dl.why').textContent(), { timeout: 10_000 }).toContain('Decided byvalidation: query.page_size: expected number >= 10')
        expect(await axe(page)).toEqual([])
        await shot(page, '5-why-422')

        // Reset: the initial state again (the rename undone); then the empty preset.
        await tab(panel, 'Scenario')
        const scenario = panel.getByRole('tabpanel', { name: 'Scenario' })
        await scenario.getByRole('button', { name: 'Reset to the initial state' }).click()
        await expect.poll(() => names(page), { timeout: 10_000 }).toEqual(workspaces.map((w) => w.name))
        await scenario.getByLabel('Preset').selectOption('empty')
        await scenario.getByRole('button', { name: 'Switch' }).click()
        await page.locator('#empty:not([hidden])').waitFor()
        expect(await names(page)).toEqual([])
        expect(await scenario.locator('#serving').textContent()).toBe('Serving empty, seed 42.')
        await shot(page, '6-empty')
        await tab(panel, 'Principals')
        expect(await panel.getByRole('tabpanel', { name: 'Principals' }).locator('article').first().locator('dd code').first().textContent()).toBe(
          await page.evaluate(() => (globalThis as any).workspaceApiMock.api.credentials.apiKey),
        )
        // The page's rules do not reach in: a sheet that paints every element red at 30px leaves the panel as it was.
        const heading = panel.getByRole('heading', { name: 'Principals' })
        const looks = () => heading.evaluate((element) => [getComputedStyle(element).color, getComputedStyle(element).fontSize].join(' '))
        const before = await looks()
        await page.evaluate(() => {
          const sheet = new CSSStyleSheet()
          sheet.replaceSync('body * { color: rgb(255, 0, 0) !important; font-size: 30px !important; }')
          document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
        })
        expect(await looks()).toBe(before)
        expect(before).not.toContain('255, 0, 0')

        // Kept per tab: a reload opens it again on the same tab; Escape closes it, the focus back on its button.
        await page.reload()
        await ready(page)
        await panel.getByRole('tab', { name: 'Principals', selected: true }).waitFor()
        await page.keyboard.press('Escape')
        const launcher = panel.getByRole('button', { name: 'API mock' })
        await expect.poll(() => launcher.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('false')
        expect(await launcher.evaluate((element) => element === (element.getRootNode() as ShadowRoot).activeElement)).toBe(true)
        await launcher.click()
        await panel.getByRole('tab', { name: 'Principals', selected: true }).waitFor()

        // The other tabs as they stand (Faults, Scenario after the switch, Principals, Data), shown at once.
        await panel.locator('[role="tabpanel"]').evaluateAll((panels) => panels.forEach((element) => element.removeAttribute('hidden')))
        expect(await axe(page)).toEqual([])
        expect(unexpected()).toEqual([])
      } finally {
        await context.close()
      }
    })

    test("the SWR recipe: a switch made in the panel reaches SWR's cache, and the list shows it", async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      try {
        const page = await open(context, '/swr.html')
        await page.locator('#workspaces li').first().waitFor()
        const panel = page.locator('[data-workspace-api-mock-devtools]')
        await panel.getByRole('button', { name: 'API mock' }).click()
        await tab(panel, 'Scenario')
        const scenario = panel.getByRole('tabpanel', { name: 'Scenario' })
        await scenario.getByLabel('Preset').selectOption('empty')
        await scenario.getByRole('button', { name: 'Switch' }).click()
        await page.getByText('No workspaces yet.').waitFor()
        await shot(page, '7-swr-empty')
        expect(unexpected()).toEqual([])
      } finally {
        await context.close()
      }
    })
  })
})
