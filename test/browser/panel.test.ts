/**
 * The devtools panel's own traps in Chromium (Debian's, through playwright-core), on the page of
 * panel-page.ts (a preset, an operation and a true/false field of its own): the Requests log adds rows
 * without touching those shown, stays bounded, pauses with a bound and resumes in one insertion; long paths
 * wrap between their parts and the operation stays in view; the Data tab's checkbox and times; a refused
 * edit shown at its field, not over the Save button; the operations served; the profile explained in a
 * why. Screenshots at 1280 and 1920 wide go to test-results/devtools/ (not committed).
 */
import { existsSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import { chromium, type Browser, type Locator, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { serveBundledPage, type BundledPage } from '../support/bundled-page.ts'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.ts'
import { logLayout } from './log-layout.ts'

const SHOTS = fileURLToPath(new URL('../../test-results/devtools/', import.meta.url))
const PANEL_PAGE = fileURLToPath(new URL('./panel-page.ts', import.meta.url))
/** The table's bound (src/console-ui/log.ts). */
const MAX_ROWS = 500

/** Requests the page's mock answers, `count` times each, one after the other (in the page). */
type Send = Array<{ path: string; method?: string; body?: string; workspace?: boolean }>

describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)('the devtools panel in Chromium', { timeout: 120_000 }, () => {
  let served: BundledPage
  let browser: Browser
  let problems: string[] = []

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    served = await serveBundledPage(PANEL_PAGE)
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  }, 60_000)

  afterEach(() => {
    const seen = problems
    problems = []
    expect(seen).toEqual([])
  })

  afterAll(async () => {
    await browser?.close()
    served?.close()
  })

  /** The page at `width`, the panel open on Requests, in a context of its own (closed after `use`). */
  async function withPanel(width: number, use: (page: Page, panel: Locator) => Promise<void>): Promise<void> {
    // A context, not a page alone: axe-core's Playwright builder opens pages in it.
    const context = await browser.newContext({ viewport: { width, height: 900 } })
    try {
      const page = await context.newPage()
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`))
      await page.goto(served.url)
      const panel = page.locator('[data-workspace-api-mock-devtools]')
      await panel.getByRole('tab', { name: 'Requests', selected: true }).waitFor()
      await use(page, panel)
    } finally {
      await context.close()
    }
  }

  /** The Data tab, the first workspace opened: its form. */
  async function firstWorkspace(page: Page, panel: Locator): Promise<Locator> {
    await panel.getByRole('tab', { name: 'Data' }).click()
    const data = panel.getByRole('tabpanel', { name: 'Data' })
    const name = (await page.evaluate(() => (globalThis as any).pageMock.db.workspaces.all()[0].name)) as string
    await data.getByRole('button', { name, exact: true }).click()
    return data.locator('form.record-form')
  }

  /** Makes the requests in the page, `times` over, with the first principal's credentials. */
  const send = (page: Page, requests: Send, times = 1) =>
    page.evaluate(
      async ([requests, times]) => {
        const api = (globalThis as any).pageMock
        const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret, 'Content-Type': 'application/json' }
        const workspace = api.db.workspaces.all()[0].id
        for (let i = 0; i < times; i++) {
          for (const { path, method, body, workspace: scoped } of requests) {
            const init = { method: method ?? 'GET', body, headers: scoped ? { ...headers, 'X-Workspace-ID': workspace } : headers }
            await api.handle(new Request(`http://localhost${path.replace('{workspace}', workspace)}`, init))
          }
        }
      },
      [requests, times] as const,
    )
  const refusedWrite = { path: '/api/workspaces', method: 'POST', body: '{}' }
  const rows = (panel: Locator) => panel.locator('#log tbody tr')

  /**
   * Counts the DOM work on the log's rows from now on: rows added, rows removed, attributes changed in rows
   * that were there before (touched), and in how many batches (the tasks that changed the table).
   */
  const watchRows = (page: Page) =>
    page.evaluate(() => {
      const table = document.querySelector('[data-workspace-api-mock-devtools]')!.shadowRoot!.querySelector('#log')!
      const counts = { added: 0, removed: 0, touched: 0, batches: 0 }
      // Rows go in and out one by one (their groups, \`<tbody>\`, are added empty and removed once empty).
      const rowsIn = (nodes: NodeList) => [...nodes].filter((node) => node.nodeName === 'TR')
      new MutationObserver((records) => {
        counts.batches++
        const added = new Set(records.flatMap((record) => rowsIn(record.addedNodes)))
        counts.added += added.size
        for (const record of records) {
          counts.removed += rowsIn(record.removedNodes).length
          const row = (record.target as Element).closest?.('tbody tr')
          if (record.type === 'attributes' && row?.isConnected && !added.has(row)) counts.touched++
        }
      }).observe(table, { childList: true, subtree: true, attributes: true })
      ;(globalThis as any).rowCounts = counts
    })
  const rowCounts = (page: Page) => page.evaluate(() => ({ ...(globalThis as any).rowCounts }) as { added: number; removed: number; touched: number; batches: number })

  test('a new request adds its row on top: the rows shown keep their elements, untouched; the table stays at 500 rows', async () => {
    await withPanel(1280, async (page, panel) => {
      await send(page, [{ path: '/api/workspaces' }])
      await rows(panel).first().waitFor()
      const first = await rows(panel).first().elementHandle()
      await watchRows(page)
      await send(page, [refusedWrite])
      await expect.poll(() => rows(panel).count()).toBe(2)
      // The row shown before is the same element, now second; the new one was added, nothing removed.
      expect(await first!.evaluate((row) => row.isConnected && (row as HTMLTableRowElement).rowIndex)).toBe(2)
      expect(await rows(panel).first().locator('td.status').textContent()).toBe('422')
      expect(await rowCounts(page)).toMatchObject({ added: 1, removed: 0, touched: 0 })

      // Past the bound: the oldest rows drop off the bottom; the first request's row is gone, the second stays.
      const started = Date.now()
      await send(page, [refusedWrite], MAX_ROWS)
      const elapsed = Date.now() - started
      await expect.poll(() => rows(panel).count()).toBe(MAX_ROWS)
      expect(await first!.evaluate((row) => row.isConnected)).toBe(false)
      const counts = await rowCounts(page)
      expect(counts.added - counts.removed).toBe(MAX_ROWS - 1)
      expect(counts.touched).toBe(0)
      // Rows come in batches (five a second at most), not one insertion per request.
      expect(counts.batches).toBeLessThanOrEqual(Math.ceil(elapsed / 200) + 2)
      expect(counts.batches).toBeLessThan(MAX_ROWS)
    })
  })

  test('Pause keeps the newest 500 and says how many it dropped; Resume adds them in one insertion', async () => {
    await withPanel(1280, async (page, panel) => {
      await send(page, [{ path: '/api/workspaces' }])
      await rows(panel).first().waitFor()
      const pause = panel.locator('#log-pause')
      await pause.click()
      await watchRows(page)
      const held = 3 * MAX_ROWS
      await send(page, [refusedWrite], held)
      await expect.poll(() => pause.textContent()).toBe(`Resume (${MAX_ROWS} new, ${(held - MAX_ROWS).toLocaleString('en-US')} dropped)`)
      expect(await pause.getAttribute('aria-pressed')).toBe('true')
      // Paused, the table does not change.
      expect(await rowCounts(page)).toEqual({ added: 0, removed: 0, touched: 0, batches: 0 })

      // Resume: the held rows go in at once (one batch of DOM work for them all), the table at its bound.
      await pause.click()
      expect(await pause.textContent()).toBe('Pause')
      expect(await rows(panel).count()).toBe(MAX_ROWS)
      const counts = await rowCounts(page)
      expect(counts.added).toBe(MAX_ROWS)
      expect(counts.batches).toBe(1)
      expect(await rows(panel).last().locator('td.status').textContent()).toBe('422')
    })
  })

  test.each([1280, 1920])('at %i wide: long paths wrap between their parts, never inside an id; the operation stays in view', async (width) => {
    await withPanel(width, async (page, panel) => {
      await send(page, [
        { path: '/api/workspaces/{workspace}' },
        { path: '/api/applications?page_size=50&current_page=2&sort=name', workspace: true },
        { path: '/api/applications/app_0123456789abcdef0123456789abcdef', workspace: true },
        refusedWrite,
        { path: '/api/workspaces/{workspace}/archive', method: 'POST' },
      ])
      await expect.poll(() => rows(panel).count()).toBe(5)
      const layout = await logLayout(panel.locator('#log'))
      expect(layout.ids.length).toBe(3)
      for (const [id, lines] of layout.ids) expect(lines, String(id)).toBe(1)
      expect(layout).toMatchObject({ clipped: 0, overflow: 0 })
      expect(layout.operations).toEqual(['archiveWorkspace', 'createWorkspace', 'getApplication', 'listApplications', 'getWorkspace'])
      await page.screenshot({ path: `${SHOTS}panel-requests-${width}.png` })
    })
  })

  test.each([1280, 1920])('at %i wide, the Data tab: a true/false field is a checkbox, a time shows as one and keeps its value', async (width) => {
    await withPanel(width, async (page, panel) => {
      const form = await firstWorkspace(page, panel)
      const archived = form.getByRole('checkbox', { name: 'archived' })
      expect(await archived.isChecked()).toBe(false)
      const created = form.getByLabel('created', { exact: true })
      const value = await created.inputValue()
      expect(value).toMatch(/^\d{13}$/)
      const time = new Date(Number(value)).toISOString().replace('T', ' ').replace('Z', ' UTC')
      expect(await form.locator('.time').first().textContent()).toBe(time)
      expect(await created.getAttribute('aria-describedby')).toContain(await form.locator('.time').first().getAttribute('id'))
      await archived.check()
      await form.getByRole('button', { name: 'Save changes' }).click()
      await expect.poll(() => page.evaluate(() => (globalThis as any).pageMock.db.workspaces.all()[0].archived)).toBe(true)
      expect(await form.getByRole('checkbox', { name: 'archived' }).isChecked()).toBe(true)
      await form.getByLabel('updated', { exact: true }).scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}panel-data-${width}.png` })
    })
  })

  test('a refused edit shows at its field and beside Save, never over it; the status goes with the tab', async () => {
    await withPanel(1280, async (page, panel) => {
      const form = await firstWorkspace(page, panel)
      await form.getByLabel('created', { exact: true }).fill('yesterday')
      const save = form.getByRole('button', { name: 'Save changes' })
      await save.click()
      const created = form.getByLabel('created', { exact: true })
      await expect.poll(() => created.getAttribute('aria-invalid')).toBe('true')
      expect(await form.locator('.problem:not([hidden])').allTextContents()).toEqual(['Invalid input: expected number, received string'])
      expect(await form.locator('.refused').textContent()).toBe('Not saved: created refused')
      expect(await created.evaluate((input) => input === (input.getRootNode() as ShadowRoot).activeElement)).toBe(true)
      // Nothing covers Save: the element at its centre is the button.
      await save.scrollIntoViewIfNeeded()
      expect(await save.evaluate((button) => { const box = button.getBoundingClientRect(); const root = button.getRootNode() as ShadowRoot; return root.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === button })).toBe(true)
      await page.screenshot({ path: `${SHOTS}panel-data-refused.png` })

      // A success says so in the status; another tab does not keep saying it.
      await created.fill(String(await page.evaluate(() => (globalThis as any).pageMock.db.workspaces.all()[0].created)))
      await form.getByLabel('name', { exact: true }).fill('Renamed')
      await save.click()
      const status = panel.getByRole('status')
      await expect.poll(() => status.evaluate((element) => element.classList.contains('shown') && element.textContent)).toMatch(/^Saved name of wse_/)
      await panel.getByRole('tab', { name: 'Requests' }).click()
      expect(await status.evaluate((element) => element.classList.contains('shown'))).toBe(false)
    })
  })

  test('Scenario lists the operations served (the six, a preset, the page\'s own); the fault selects keep the kit\'s routes apart; a why explains the profile', async () => {
    await withPanel(1280, async (page, panel) => {
      await panel.getByRole('tab', { name: 'Scenario' }).click()
      const scenario = panel.getByRole('tabpanel', { name: 'Scenario' })
      const listed = (title: string) => scenario.getByRole('list', { name: title }).getByRole('listitem').allTextContents()
      expect(await listed("The API's operations")).toEqual([
        'listWorkspacesGET /api/workspaces',
        'createWorkspacePOST /api/workspaces',
        'getWorkspaceGET /api/workspaces/{workspaceId}',
        'updateWorkspacePUT /api/workspaces/{workspaceId}',
        'listApplicationsGET /api/applications',
        'getApplicationGET /api/applications/{applicationId}',
      ])
      expect(await listed('Presets opted into (operations the spec leaves unshown)')).toEqual(['deleteWorkspaceDELETE /api/workspaces/{workspaceId}'])
      expect(await listed('Operations of your own')).toEqual(['archiveWorkspacePOST /api/workspaces/{workspaceId}/archive'])
      const kit = scenario.locator('details.kit-routes')
      expect(await kit.locator('summary').textContent()).toBe("The kit's own routes (6): schemas, icons, the OpenAPI documents")
      expect(await kit.locator('li').first().textContent()).toMatch(/^getSchemaGET \/api\/schemas\//)

      await panel.getByRole('tab', { name: 'Faults' }).click()
      const target = panel.locator('form.fault-form', { hasText: 'Fail one operation' }).getByLabel('Operation')
      const groups = await target.locator('optgroup').evaluateAll((groups) => groups.map((group) => [(group as HTMLOptGroupElement).label, [...(group as HTMLOptGroupElement).children].map((option) => option.textContent)]))
      expect(groups).toEqual([
        ["The API's operations", ['listWorkspaces', 'createWorkspace', 'getWorkspace', 'updateWorkspace', 'listApplications', 'getApplication', 'deleteWorkspace', 'archiveWorkspace']],
        ["The kit's routes (schemas, icons, documents)", ['getSchema', 'getIcon', 'getOpenApiJson', 'getOpenApiYaml', 'getOpenApi30Json', 'getOpenApi30Yaml']],
      ])

      await panel.getByRole('tab', { name: 'Requests' }).click()
      await send(page, [refusedWrite])
      await rows(panel).first().getByRole('button').click()
      const why = panel.locator('#log-detail dl.why')
      await expect.poll(() => why.textContent()).toContain(`problemTitles "go": problem titles in Go's words for the status, as the service's Huma sends them (422: Unprocessable Entity)`)
      await page.screenshot({ path: `${SHOTS}panel-why-profile.png` })

      // Every tab's panel shown at once (axe skips what is hidden): no violation of any impact.
      await panel.locator('[role="tabpanel"]').evaluateAll((panels) => panels.forEach((element) => element.removeAttribute('hidden')))
      const results = await new AxeBuilder({ page }).include('[data-workspace-api-mock-devtools]').analyze()
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
    })
  })
})
