/**
 * The browser demo (examples/browser-demo, a production build) driven through the Playwright fixture:
 * every test has its own mock, answering through `context.route`, in one of 2 parallel workers. The page
 * calls `startMockWorker`, which stays off under the fixture.
 */
import { withCredentials } from 'workspace-api-mock/node'
import { expect, test } from 'workspace-api-mock/playwright'
import {
  applicationLines,
  barrier,
  createThroughPage,
  DEMO_CREDENTIALS,
  DEMO_OPTIONS,
  names,
  openDemo,
  SEEDED,
  workspacesOf,
} from './support.ts'

// The fixture's mock builds the same data (and credentials) as the page's own idle browser mock.
test.use({ mockOptions: DEMO_OPTIONS })

test('lists the seeded workspaces with their applications; the journal holds this page load only', async ({ page, mockApi }) => {
  const problems = await openDemo(page)
  const workspaces = workspacesOf(mockApi)
  expect(await names(page)).toEqual(SEEDED.map((w) => w.name))
  const first = page.locator('[data-testid="workspace"]').first()
  expect(await first.locator('[data-testid="application"]').allTextContents()).toEqual(applicationLines(mockApi, workspaces[0]!.id))
  expect(mockApi.journal.count({ operation: 'listWorkspaces' })).toBe(1)
  expect(mockApi.journal.filter({ operation: 'listApplications' }).map((e) => e.headers['x-workspace-id']).sort()).toEqual(
    workspaces.map((w) => w.id).sort(),
  )
  expect(problems).toEqual([])
})

// Writers: each test writes, waits at a barrier until the others (in other workers) have written too,
// reloads, and must see its own change and nobody else's.
test.describe('concurrent writers each see only their own changes', () => {
  for (const name of ['Checkout Team', 'Search Platform', 'Billing Ops', 'Identity Core']) {
    test(`creates "${name}"`, async ({ page, mockApi }, testInfo) => {
      const seeded = SEEDED.map((w) => w.name)
      expect(mockApi.journal.count()).toBe(0)
      const problems = await openDemo(page)
      await createThroughPage(page, name)
      await expect(page.locator('#status')).toHaveText(new RegExp(`^Created ${name} \\(wse_[0-9a-f]{32}\\)$`))

      const { participants, workers } = await barrier('writers', testInfo)
      expect(workers.size).toBeGreaterThanOrEqual(participants)
      await page.reload()
      await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' })
      expect(await names(page)).toEqual([...seeded, name])
      expect(workspacesOf(mockApi).map((w) => w.name)).toEqual([...seeded, name])
      expect(mockApi.journal.filter({ operation: 'createWorkspace' }).map((e) => [e.status, e.body])).toEqual([
        [200, { name, description: '' }],
      ])
      expect(problems).toEqual([])
    })
  }

  for (const index of [0, 2]) {
    test(`renames workspace #${index + 1}`, async ({ page, mockApi }, testInfo) => {
      const seeded = SEEDED
      expect(mockApi.journal.count()).toBe(0)
      const target = seeded[index]!
      const renamed = `${target.name} (renamed in test ${index + 1})`
      const problems = await openDemo(page)
      const item = page.locator(`[data-id="${target.id}"]`)
      await item.getByLabel(`New name for ${target.name}`).fill(renamed)
      await item.getByRole('button', { name: 'Rename' }).click()
      await expect(page.locator('#status')).toHaveText(`Renamed ${target.name} to ${renamed}`)

      await barrier('writers', testInfo)
      await page.reload()
      await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' })
      const expected = seeded.map((w) => (w.id === target.id ? renamed : w.name))
      expect(await names(page)).toEqual(expected)
      const stored = mockApi.db.workspaces.findFirst((q) => q.where({ id: target.id }))!
      expect(stored).toMatchObject({ name: renamed, modified_by: mockApi.principals[0]!.account })
      expect(stored.updated).toBeGreaterThan(target.updated)
      expect(mockApi.journal.last({ operation: 'updateWorkspace' })).toMatchObject({
        method: 'PUT',
        params: { workspaceId: target.id },
        body: { name: renamed },
        status: 200,
      })
      expect(problems).toEqual([])
    })
  }
})

test('a change made through mockApi.db before the page loads is what the page lists', async ({ page, mockApi }) => {
  const [first] = workspacesOf(mockApi)
  await mockApi.db.workspaces.update(first!, { data: (draft) => void (draft.name = 'Seeded by this test') })
  await openDemo(page)
  expect((await names(page))[0]).toBe('Seeded by this test')
})

test.describe('another scenario per group of tests', () => {
  test.use({ mockOptions: { scenario: withCredentials('empty', DEMO_CREDENTIALS) } })

  test('the empty scenario: no workspaces, and the first create is the only one', async ({ page, mockApi }) => {
    await openDemo(page)
    expect(await names(page)).toEqual([])
    await createThroughPage(page, 'First of its kind')
    await expect(page.locator('[data-testid="workspace"] strong')).toHaveText(['First of its kind'])
    expect(mockApi.db.workspaces.count()).toBe(1)
  })
})

test('faults.fail: the list fails once with 503, the page says so, a reload recovers', async ({ page, mockApi }) => {
  const fault = mockApi.faults.fail('listWorkspaces', { status: 503, times: 1 })
  await openDemo(page, 'error')
  await expect(page.locator('#status')).toHaveText('Could not load the workspaces: 503 injected fault: 503')
  await page.reload()
  await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' })
  expect(await names(page)).toEqual(workspacesOf(mockApi).map((w) => w.name))
  expect(fault.hits).toBe(1)
  expect(mockApi.journal.filter({ operation: 'listWorkspaces' }).map((e) => e.status)).toEqual([503, 200])
})

test('faults.fail on create: the page shows the problem and nothing is created', async ({ page, mockApi }) => {
  mockApi.faults.fail('createWorkspace', { status: 500, detail: 'database on fire' })
  const before = mockApi.db.workspaces.count()
  await openDemo(page)
  await createThroughPage(page, 'Never Stored')
  await expect(page.locator('#status')).toHaveText('Could not create the workspace: 500 database on fire')
  expect(mockApi.db.workspaces.count()).toBe(before)
  expect(await names(page)).not.toContain('Never Stored')
})

test('faults.disconnect: the request fails like a dropped connection (route.abort), the retry works', async ({ page, mockApi }) => {
  mockApi.faults.disconnect('createWorkspace', { times: 1 })
  await openDemo(page)
  const failed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/workspaces') && r.method() === 'POST')
  await createThroughPage(page, 'Flaky Network')
  expect((await failed).failure()?.errorText).toBe('net::ERR_CONNECTION_RESET')
  await expect(page.locator('#status')).toHaveText('Could not create the workspace: Failed to fetch')
  expect(mockApi.db.workspaces.count()).toBe(3)

  await createThroughPage(page, 'Flaky Network')
  await expect(page.locator('#status')).toHaveText(/^Created Flaky Network /)
  expect(mockApi.journal.filter({ operation: 'createWorkspace' }).map((e) => e.status)).toEqual([0, 200])
})

test('faults.latency: the issue example, a slow list is shown after the delay', async ({ page, mockApi }) => {
  mockApi.faults.latency('listWorkspaces', 800)
  const started = Date.now()
  await page.goto('/')
  await expect(page.locator('body')).toHaveAttribute('data-ready', 'false')
  await expect(page.getByText('Platform Engineering')).toBeVisible()
  expect(Date.now() - started).toBeGreaterThanOrEqual(800)
  expect(mockApi.journal.count({ operation: 'listWorkspaces' })).toBe(1)
  expect(mockApi.journal.last({ operation: 'listWorkspaces' })!.duration).toBeGreaterThanOrEqual(799)
})

test('mockApi.override: the page shows what the override answers', async ({ page, mockApi }) => {
  const [first] = workspacesOf(mockApi)
  mockApi.override('listWorkspaces', ({ respond }) => respond([{ ...first!, name: 'Only This One' }]))
  await openDemo(page)
  expect(await names(page)).toEqual(['Only This One'])
  expect(mockApi.violations).toEqual([])
})

// Expected to fail: the override breaks the contract, and the fixture fails the test after it ran (the body
// itself cannot fail: `handle` answers the violation with a 500, it does not throw). If the fixture let the
// test pass, Playwright would report it as an unexpected pass.
test('a contract violation (here from an override) fails the test', async ({ mockApi }) => {
  test.fail()
  mockApi.override('listWorkspaces', ({ respond }) => respond([{ name: 'without the other fields' } as never]))
  await mockApi.handle(
    new Request('http://localhost/api/workspaces', {
      headers: { 'X-API-Key': mockApi.credentials.apiKey, 'X-API-Secret': mockApi.credentials.apiSecret },
    }),
  )
})

test('icons load through the route: image/webp, the same bytes as the mock serves, decoded at 72 px', async ({ page, mockApi }) => {
  const icon = page.waitForResponse((r) => /\/api\/icons\/img_[0-9a-f]+_72\.webp$/.test(r.url()))
  const problems = await openDemo(page)
  const response = await icon
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('image/webp')
  const sizes = await page.locator('[data-testid="workspace"] img').evaluateAll(async (images) => {
    await Promise.all(images.map((image) => (image as HTMLImageElement).decode()))
    return images.map((image) => `${(image as HTMLImageElement).naturalWidth}x${(image as HTMLImageElement).naturalHeight}`)
  })
  expect(sizes).toEqual(['72x72', '72x72', '72x72'])
  expect(mockApi.journal.count({ operation: 'getIcon' })).toBe(3)
  const direct = await mockApi.handle(new Request(response.url()))
  expect(Buffer.compare(await response.body(), Buffer.from(await direct!.arrayBuffer()))).toBe(0)
  // With Playwright's baseURL set, icon URLs point at the page's origin (as with the browser worker).
  expect(response.url().startsWith(`${new URL(page.url()).origin}/api/icons/`)).toBe(true)
  expect(problems).toEqual([])
})

test('the page\'s startMockWorker stays off: no service worker, every answer comes from the route', async ({ page, mockApi }) => {
  const info: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'info') info.push(message.text())
  })
  const responses: Array<{ url: string; fromServiceWorker: boolean }> = []
  page.on('response', (response) => {
    if (response.url().includes('/api/')) responses.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() })
  })
  await openDemo(page)
  expect(info).toContain('[workspace-api-mock] the mock worker is off: workspace-api-mock/playwright answers the API in this test')
  const state = await page.evaluate(async () => ({
    started: (globalThis as unknown as { workspaceApiMock: { started: boolean } }).workspaceApiMock.started,
    controller: navigator.serviceWorker.controller !== null,
    registrations: (await navigator.serviceWorker.getRegistrations()).length,
  }))
  expect(state).toEqual({ started: false, controller: false, registrations: 0 })
  expect(responses.length).toBeGreaterThanOrEqual(4)
  expect(responses.filter((r) => r.fromServiceWorker)).toEqual([])
  // Playwright reports a response after the route answered it: a late icon may be journaled but not yet seen.
  await expect.poll(() => responses.length - mockApi.journal.count()).toBe(0)
})

test.describe('service workers under the fixture', () => {
  const register = (page: import('@playwright/test').Page) =>
    page.evaluate(() =>
      navigator.serviceWorker.register('/no-such-worker.js').then(
        (registration) => (registration === undefined ? 'blocked' : 'registered'),
        (error: Error) => `failed: ${error.name}`,
      ),
    )

  test('are blocked by default (serviceWorkers: block)', async ({ page }) => {
    await openDemo(page)
    expect(await register(page)).toBe('blocked')
  })

  test.describe(() => {
    test.use({ serviceWorkers: 'allow' })

    test('test.use({ serviceWorkers: "allow" }) brings them back; the page\'s mock worker still stays off', async ({ page, mockApi }) => {
      await openDemo(page)
      // A real registration: it fails on the HTML the static server sends for a script that is not there.
      expect(await register(page)).toBe('failed: SecurityError')
      expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull()
      expect(mockApi.journal.count({ operation: 'listWorkspaces' })).toBe(1)
    })
  })
})
