/**
 * The page of test/browser/live.test.ts: the browser worker's mock with one operation live (the service
 * the query names, `?target=<url>&key=<key>&secret=<secret>`) and the rest mocked, the devtools open on
 * it. The worker is `globalThis.mock`, for the test to drive.
 */
import { startMockWorker } from 'workspace-api-mock/browser'

const query = new URLSearchParams(location.search)
const mock = await startMockWorker({
  scenario: 'demo',
  seed: 1,
  live: {
    target: query.get('target')!,
    credentials: { apiKey: query.get('key')!, apiSecret: query.get('secret')! },
    operations: { listApplications: 'live' },
  },
  devtools: { open: true },
})
await mock.api.ready
await mock.devtools
Object.assign(globalThis, { mock })
document.body.dataset.ready = 'true'
