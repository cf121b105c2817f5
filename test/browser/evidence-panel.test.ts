/**
 * The devtools panel's Scenario tab (in Debian's Chromium) loads a failed test's evidence file as it loads
 * a state file: the page's mock then serves the state the test started from, and answers the test's
 * requests as the test saw them. An evidence file it cannot serve (another version, deeply nested, a
 * prototype key, truncated) is refused with the reason, and the mock keeps what it served. Screenshots in
 * test-results/evidence/ (not committed).
 */
import { existsSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { evidenceStart, mockEvidence } from '../../src/evidence/mock.ts'
import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.ts'
import { servePanelPage } from './panel-server.ts'

const SHOTS = fileURLToPath(new URL('../../test-results/evidence/', import.meta.url))

/** A failed test's evidence: a multi-tenant mock (seed 4) asked for another organization's workspace. */
async function failedTestEvidence(): Promise<{ text: string; theirs: string; credentials: { apiKey: string; apiSecret: string } }> {
  const api = createMockApi({ scenario: 'multi-tenant', seed: 4 })
  await api.ready
  const start = evidenceStart(api)
  const theirs = api.snapshot().workspaces.find((workspace) => workspace.organization !== api.principals[0]!.organization)!.id
  const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }
  await api.handle(new Request('https://api.test/api/workspaces', { headers }))
  await api.handle(new Request(`https://api.test/api/workspaces/${theirs}`, { headers }))
  const { text } = mockEvidence(api, start, { test: { runner: 'vitest', fixture: 'useMockApi', title: ['opens their workspace'], file: 'app.test.ts' }, scenario: 'multi-tenant' })
  return { text, theirs, credentials: api.credentials }
}

describe.skipIf(!existsSync(CHROMIUM) && !process.env.CI)("the devtools panel loads a failed test's evidence", { timeout: 60_000 }, () => {
  let browser: Browser
  let page: Page
  let panelPage: { url: string; close(): void }
  const problems: string[] = []

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true })
    panelPage = await servePanelPage()
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text()}`))
    await page.goto(panelPage.url)
    await page.getByRole('tab', { name: 'Scenario', exact: true }).click()
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    panelPage?.close()
  })

  /** Uploads `text` as `name` in the Scenario tab; answers what the tab says of it. */
  const upload = async (name: string, text: string) => {
    await page.setInputFiles('#upload-file', { name, mimeType: 'application/json', buffer: Buffer.from(text) })
    await page.getByRole('button', { name: 'Upload' }).click()
    await expect.poll(() => page.locator('#upload-result').textContent()).toMatch(new RegExp(`^${name.replace('.', '\\.')} |^Serving ${name.replace('.', '\\.')}`))
    return page.locator('#upload-result').textContent()
  }

  /** GETs `path` from the page's own mock with `credentials`: its status and body. */
  const ask = (path: string, credentials: { apiKey: string; apiSecret: string }) =>
    page.evaluate(async ({ path, credentials }) => {
      const api = (globalThis as any).pageMock
      const answer = await api.handle(new Request(`http://localhost${path}`, { headers: { 'X-API-Key': credentials.apiKey, 'X-API-Secret': credentials.apiSecret } }))
      return { status: answer.status as number, body: await answer.json() }
    }, { path, credentials })

  test('an evidence file is served as the state its test started from: the answers the test saw', async () => {
    const { text, theirs, credentials } = await failedTestEvidence()
    const evidence = JSON.parse(text)
    const { accounts, workspaces, applications } = evidence.state
    expect(await upload('evidence.json', text)).toBe(`Serving evidence.json: ${accounts.length} principals, ${workspaces.length} workspaces, ${applications.length} applications.`)
    await page.locator('#state-panel').screenshot({ path: `${SHOTS}panel-evidence-loaded.png` })
    // The page's mock declares a field of its own (test/browser/panel-page.ts): built where the state lacks it.
    const archived = (workspace: object) => ({ ...workspace, archived: false })
    expect(await page.evaluate(() => (globalThis as any).pageMock.snapshot())).toEqual({ ...evidence.state, workspaces: workspaces.map(archived) })
    const [list, other] = evidence.journal.entries
    const listed = await ask('/api/workspaces', credentials)
    expect(listed.status).toBe(list.status)
    expect(listed.body.data).toEqual(list.responseBody.data.map(archived))
    expect(await ask(`/api/workspaces/${theirs}`, credentials)).toMatchObject({ status: 404, body: { detail: other.responseBody.detail } })
    expect(problems).toEqual([])
  })

  test.each([
    ['version-2.json', (text: string) => text.replace('"version": 1', '"version": 2'), 'version-2.json was not loaded: the file is evidence of version 2: this workspace-api-mock reads version 1'],
    ['deep.json', (text: string) => text.replace('"format"', `"deep": ${'['.repeat(500)}${']'.repeat(500)}, "format"`), 'deep.json was not loaded: the file nests 501 levels deep, over the 100 a state or evidence file may'],
    ['proto.json', (text: string) => text.replace('"format"', '"__proto__": {"polluted": true}, "format"'), 'proto.json was not loaded: the file has a "__proto__" key, which no state or evidence file holds'],
    ['truncated.json', (text: string) => text.slice(0, 300), /^truncated\.json was not loaded: the file is not valid JSON: /],
  ])('%s is refused with the reason; the mock keeps serving what it served', async (name, edit, message) => {
    const { text, credentials } = await failedTestEvidence()
    const said = await upload(name, edit(text))
    if (typeof message === 'string') expect(said).toBe(message)
    else expect(said).toMatch(message)
    if (name === 'version-2.json') await page.locator('#state-panel').screenshot({ path: `${SHOTS}panel-evidence-refused.png` })
    expect((await ask('/api/workspaces', credentials)).status).toBe(200)
    expect(await page.evaluate(() => Object.prototype.hasOwnProperty.call({}, 'polluted') || 'polluted' in {})).toBe(false)
    expect(problems).toEqual([])
  })
})
