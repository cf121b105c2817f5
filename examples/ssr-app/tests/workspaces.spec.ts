/**
 * The server-rendered example app against one demo server, 4 workers, every test in parallel: each test
 * gets its own session (`mockSession`), writes through the app, and must see its own writes only; the
 * faults some tests set stay in their session. The project's teardown checks that no session is left.
 */
import type { MockServerConnection, RemoteSession } from 'workspace-api-mock/playwright'
import { expect, test, type AppClient } from './fixtures.ts'

/** What every test writes is named after the test, so that another test's write is recognizable. */
const WRITTEN = /^Written by test /
const nameOf = (title: string) => `Written by test ${title}`

/** The app lists the session's initial workspaces (`added` more) and, of the written names, exactly `own`. */
async function expectOnly(app: AppClient, session: RemoteSession, own: string[], added = own.length): Promise<void> {
  const { status, names } = await app.home()
  expect(status).toBe(200)
  expect(names.filter((name) => WRITTEN.test(name))).toEqual(own)
  expect(names).toHaveLength(session.workspaceIds.length + added)
}

test.describe('in the browser', () => {
  // One after the other in one worker: one Chromium for the three.
  test.describe.configure({ mode: 'default' })

  test("the login form takes the session's credentials; the create form's workspace is listed", async ({ page, mockSession }) => {
    await page.goto('/login')
    await page.getByLabel('API key').fill(mockSession.credentials.apiKey)
    await page.getByLabel('API secret').fill(mockSession.credentials.apiSecret)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByLabel('New workspace').fill(nameOf('login'))
    await page.getByRole('button', { name: 'Create' }).click()
    await expect(page.locator('li > span').filter({ hasText: WRITTEN })).toHaveText([nameOf('login')])
  })

  test('a cookie set on the context logs in; a rename stays in the session', async ({ user, mockSession }) => {
    await user.goto('/')
    const first = (await user.locator('li > span').allTextContents())[0]!
    await user.getByLabel(`Rename ${first}`).fill(nameOf('rename'))
    await user.getByLabel(`Rename ${first}`).press('Enter')
    await expect(user.locator('li > span').filter({ hasText: WRITTEN })).toHaveText([nameOf('rename')])
    expect(await mockSession.journal.last({ operation: 'updateWorkspace' })).toMatchObject({ status: 200, body: { name: nameOf('rename') } })
  })

  test("a 503 on every operation is the app's error page", async ({ user, mockSession }) => {
    await mockSession.faults.fail('*', { status: 503, detail: 'maintenance' })
    await user.goto('/')
    await expect(user.getByRole('alert')).toHaveText('The API answered 503: maintenance')
  })
})

// First of the tests without a browser, so that the writers run while its fault holds.
test('a 503 on every operation, held while the others run, reaches this session only', async ({ app, mockSession, mockServerConnection }, testInfo) => {
  expect(await app.create(nameOf('fault 503'))).toBe(200)
  const fault = await mockSession.faults.fail('*', { status: 503, detail: 'maintenance' })
  expect(await app.home()).toEqual({ status: 502, names: [], alert: 'The API answered 503: maintenance' })
  const overlapped = await anotherTestRan(mockServerConnection)
  testInfo.annotations.push({ type: 'overlap', description: overlapped ? 'another test ran while the fault held' : 'no other test ran meanwhile' })
  expect(await app.create('refused')).toBe(502)
  expect(await mockSession.journal.count({ status: 503 })).toBe(2)
  await fault.remove()
  await expectOnly(app, mockSession, [nameOf('fault 503')])
})

for (const n of [1, 2, 3, 4, 5, 6]) {
  test(`writer ${n}: its workspace, and no other test's`, async ({ app, mockSession }) => {
    expect(await app.create(nameOf(`writer ${n}`))).toBe(200)
    await expectOnly(app, mockSession, [nameOf(`writer ${n}`)])
    expect(await mockSession.journal.count({ operation: 'createWorkspace', body: { name: nameOf(`writer ${n}`) } })).toBe(1)
    expect(await mockSession.journal.count({ status: 503 })).toBe(0)
  })
}


test('a failed create (500, once) writes nothing; the retry does', async ({ app, mockSession }) => {
  await mockSession.faults.fail('createWorkspace', { status: 500, detail: 'database on fire', times: 1 })
  expect(await app.create(nameOf('retry'))).toBe(502)
  expect((await app.home()).names.filter((name) => WRITTEN.test(name))).toEqual([])
  expect(await app.create(nameOf('retry'))).toBe(200)
  await expectOnly(app, mockSession, [nameOf('retry')])
})

test('a dropped connection shows as unreachable', async ({ app, mockSession }) => {
  expect(await app.create(nameOf('disconnect'))).toBe(200)
  await mockSession.faults.disconnect('listWorkspaces')
  expect((await app.home()).alert).toBe('The API answered 0: the API could not be reached')
  await mockSession.faults.clear()
  await expectOnly(app, mockSession, [nameOf('disconnect')])
})

test('reset takes the session back to its data; the snapshot held the write', async ({ app, mockSession }) => {
  expect(await app.create(nameOf('reset'))).toBe(200)
  const snapshot = await mockSession.snapshot()
  expect(snapshot.workspaces.filter((w) => WRITTEN.test(w.name)).map((w) => w.name)).toEqual([nameOf('reset')])
  await mockSession.reset()
  await expectOnly(app, mockSession, [])
})

test.describe('a session of another scenario', () => {
  test.use({ mockSessionOptions: { scenario: 'empty' } })

  test('starts empty and holds its one write', async ({ app, mockSession }) => {
    expect(mockSession.workspaceIds).toEqual([])
    expect(await app.create(nameOf('empty'))).toBe(200)
    expect((await app.home()).names).toEqual([nameOf('empty')])
  })
})

/**
 * Waits (at most 5 s) until a test that began after this call has ended: a session made meanwhile is gone
 * again, so that test ran whole while this one's fault held (and passed its own checks, or the run fails).
 */
async function anotherTestRan(connection: MockServerConnection): Promise<boolean> {
  const ids = async () => new Set((await connection.sessions.list()).map((session) => session.id))
  const before = await ids()
  const seen = new Set<string>()
  for (const deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const live = await ids()
    for (const id of live) if (!before.has(id)) seen.add(id)
    if ([...seen].some((id) => !live.has(id))) return true
  }
  return false
}
