/**
 * A page with a mock of its own and the devtools on it, no service worker (the panel calls into the mock,
 * not over the network): test/browser/console.test.ts drives the console UI here and in the demo server's
 * console alike. The mock is `globalThis.pageMock`, for the test's own reads.
 */
import { createBrowserMock } from 'workspace-api-mock/browser'
import { mountDevtools } from 'workspace-api-mock/devtools'

const mock = createBrowserMock({ scenario: 'demo', seed: 7 })
const devtools = mountDevtools(mock) // createBrowserMock's result (saved after each change), or any MockApi
await mock.api.ready
await devtools.open()
Object.assign(globalThis, { pageMock: mock.api })
