/**
 * A page with a mock of its own and the devtools collecting its coverage (test/coverage/console.test.ts):
 * no service worker, the page's requests go straight to `api.handle`. `globalThis.pageCalls(paths)` makes
 * requests with the first principal's credentials.
 */
import { createBrowserMock } from 'workspace-api-mock/browser'
import { mountDevtools } from 'workspace-api-mock/devtools'

const mock = createBrowserMock({ scenario: 'demo', seed: 7 })
mountDevtools(mock, { coverage: true, scenario: 'demo' })
await mock.api.ready
const headers = { 'X-API-Key': mock.api.credentials.apiKey, 'X-API-Secret': mock.api.credentials.apiSecret }
Object.assign(globalThis, {
  pageCalls: async (paths: string[]) => {
    for (const path of paths) await mock.api.handle(new Request(new URL(path, location.href), { headers }))
  },
})
document.body.dataset.ready = 'true'
