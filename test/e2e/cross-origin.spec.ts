/**
 * A page on one origin calling the API on another, through the fixture's route: CORS preflights, the
 * actual requests, binary icons from the API's origin, and requests that are not the mock's.
 */
import { expect, test } from 'workspace-api-mock/playwright'

const APP = 'https://app.example.test'
const API = 'https://api.example.test'

test.use({ mockOptions: { scenario: 'demo', seed: 7, baseUrl: API } })

// The app under test: an empty page on its own origin, served by the test (no web server).
test.beforeEach(async ({ page }) => {
  await page.route(`${APP}/`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>app</title><main>app</main>' }))
})

test('preflighted POST and PUT, a GET with credentials: answered with CORS for the page, headers readable, no OPTIONS reaches the mock', async ({ page, mockApi }) => {
  await page.goto(`${APP}/`)
  const cors: string[] = []
  page.on('response', (response) => {
    const headers = response.headers()
    cors.push(`${response.request().method()} ${headers['access-control-allow-origin']} ${headers['access-control-allow-credentials']}`)
  })
  const result = await page.evaluate(
    async ({ api, credentials }) => {
      const headers = { 'X-API-Key': credentials.apiKey, 'X-API-Secret': credentials.apiSecret }
      const json = { ...headers, 'Content-Type': 'application/json' }
      const created = await fetch(`${api}/api/workspaces`, { method: 'POST', headers: json, body: JSON.stringify({ name: 'Cross Origin' }) })
      const { data } = await created.json()
      const updated = await fetch(`${api}/api/workspaces/${data.id}`, { method: 'PUT', headers: json, body: JSON.stringify({ description: 'from another origin' }) })
      const listed = await fetch(`${api}/api/workspaces`, { headers, credentials: 'include' })
      const rejected = await fetch(`${api}/api/workspaces`, { method: 'POST', headers: json, body: JSON.stringify({ name: '' }) })
      return {
        created: [created.status, created.headers.get('Link'), data.name],
        updated: [updated.status, (await updated.json()).data.description],
        listed: [listed.status, (await listed.json()).data.map((w: { name: string }) => w.name)],
        rejected: [rejected.status, rejected.headers.get('Content-Type'), (await rejected.json()).errors[0].location],
      }
    },
    { api: API, credentials: mockApi.credentials },
  )
  expect(result.created).toEqual([200, '</api/schemas/SuccessResponseWorkspaceBody.json>; rel="describedBy"', 'Cross Origin'])
  expect(result.updated).toEqual([200, 'from another origin'])
  expect(result.listed[0]).toBe(200)
  expect(result.listed[1]).toContain('Cross Origin')
  expect(result.rejected).toEqual([422, 'application/problem+json', 'body.name'])
  expect(cors).toEqual([`POST ${APP} true`, `PUT ${APP} true`, `GET ${APP} true`, `POST ${APP} true`])
  // As through MSW's worker: the browser's preflights never reach the mock (Playwright answers them).
  expect(mockApi.journal.filter({}).map((e) => `${e.method} ${e.status}`)).toEqual(['POST 200', 'PUT 200', 'GET 200', 'POST 422'])
  expect(mockApi.journal.filter({}).every((e) => e.headers.origin === APP)).toBe(true)
})

test('icons on the API origin load into the cross-origin page, byte for byte', async ({ page, mockApi }) => {
  const [workspace] = mockApi.db.workspaces.all()
  expect(workspace!.icons.medium.startsWith(`${API}/api/icons/`)).toBe(true)
  await page.goto(`${APP}/`)
  const icon = page.waitForResponse(workspace!.icons.medium)
  const size = await page.evaluate(async (src) => {
    const image = new Image()
    image.src = src
    await image.decode()
    return `${image.naturalWidth}x${image.naturalHeight}`
  }, workspace!.icons.medium)
  expect(size).toBe('192x192')
  const body = await (await icon).body()
  const direct = await mockApi.handle(new Request(workspace!.icons.medium))
  expect(Buffer.compare(body, Buffer.from(await direct!.arrayBuffer()))).toBe(0)
})

test('with a baseUrl, /api on another origin is not the mock\'s: it goes to the network', async ({ page, mockApi, baseURL }) => {
  // The demo's static server (vite preview) answers its own /api path with its SPA page.
  const response = await page.goto(new URL('/api/workspaces', baseURL).href)
  expect(response!.status()).toBe(200)
  expect(response!.headers()['content-type']).toContain('text/html')
  expect(mockApi.journal.count()).toBe(0)
})
