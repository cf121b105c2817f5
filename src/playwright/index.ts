/**
 * `workspace-api-mock/playwright`: a fresh mock API for every Playwright test, answering the test's
 * browser context through `context.route` (`test`); or, for apps whose own server calls the API, a demo
 * server session per test (`sessionTest`, session.ts). Node-only (the Playwright Test runner's worker
 * processes); `@playwright/test` is an optional peer.
 */
import { requireNode } from '../node-version.js'
import { test as base, type Fixtures, type PlaywrightTestArgs, type PlaywrightTestOptions, type PlaywrightWorkerArgs, type PlaywrightWorkerOptions } from '@playwright/test'
import { createMockApi, type MockApi, type MockApiOptions } from '../api/create-mock-api.ts'
import { evidenceStart, mockEvidence, scenarioName } from '../evidence/mock.ts'
import { evidenceError } from '../evidence/report.ts'
import { violationsError } from '../testkit/test-runner.ts'
import { attachEvidence, evidenceTest, failedTest } from './evidence.ts'
import { CoverageReporter, coverageFixture } from './coverage.ts'
import { routeMockApi } from './route.ts'
import { mockSessionFixtures, type MockServerWorkerFixtures, type MockSessionFixtures } from './session.ts'

requireNode()

export { expect } from '@playwright/test'
export { routeMockApi } from './route.ts'
export type { MockApi, MockApiOptions } from '../api/create-mock-api.ts'
export { mockSessionFixtures, type MockServerOption, type MockSessionFixtures, type MockServerWorkerFixtures } from './session.ts'
export { CoverageReporter, type CoverageReporterOptions, type CoverageGate } from './coverage.ts'

/** The coverage reporter, as Playwright loads a reporter by name: `reporter: [['list'], ['workspace-api-mock/playwright', options]]`. */
export default CoverageReporter
export type { RemoteSession, RemoteSessionOptions, MockServerConnection } from '../client/connect.ts'

/** The fixtures: `mockOptions` (an option, `test.use({ mockOptions })`) and the test's own `mockApi`. */
export interface MockApiFixtures {
  /**
   * Any `createMockApi` option. Default `{}`: the `demo` scenario, seed 1. Without `assetsOrigin` or
   * `baseUrl`, icon URLs point at the origin of Playwright's `baseURL` when one is set.
   */
  mockOptions: MockApiOptions
  /**
   * A fresh `createMockApi(mockOptions)` for this test, in this worker process, answering the test's
   * browser context from before the page's first request: its faults, journal, overrides and `db` are
   * this test's alone. A contract violation fails the test. A failed test gets the table of its requests
   * in its output and the evidence file as an attachment (docs/evidence.md).
   */
  mockApi: MockApi
  /**
   * Automatic: with the coverage reporter on, hands what the worker's mocks answered during the test to it
   * (an attachment). Nothing to use in a test.
   */
  mockApiCoverage: void
}

/**
 * The fixtures' options, as a Playwright config's `use` takes them: `defineConfig<MockTestOptions,
 * MockWorkerOptions>({ use: { mockOptions, mockServer, mockSessionOptions } })`. Without these type
 * arguments `defineConfig` knows only Playwright's own options, and `use: { mockServer }` fails (TS2769).
 */
export type MockTestOptions = Pick<MockApiFixtures, 'mockOptions'> & Pick<MockSessionFixtures, 'mockSessionOptions'>
/** The worker-scoped option, for `defineConfig`'s second type argument (see `MockTestOptions`). */
export type MockWorkerOptions = Pick<MockServerWorkerFixtures, 'mockServer'>

type BuiltIn = PlaywrightTestArgs & PlaywrightTestOptions
type BuiltInWorker = PlaywrightWorkerArgs & PlaywrightWorkerOptions

/**
 * The fixtures, for a `test` of your own: `base.extend<MockApiFixtures>(mockApiFixtures)`. Besides
 * `mockOptions` and `mockApi`, they extend `context` (every browser context of the test is routed to the
 * mock) and make `serviceWorkers: 'block'` the default (no service worker answers before the routes do;
 * `test.use({ serviceWorkers: 'allow' })` brings them back).
 */
export const mockApiFixtures: Fixtures<MockApiFixtures, {}, BuiltIn, BuiltInWorker> = {
  mockOptions: [{}, { option: true }],
  mockApi: async ({ mockOptions, baseURL }, use, testInfo) => {
    const assetsOrigin = mockOptions.assetsOrigin ?? (mockOptions.baseUrl === undefined && baseURL ? new URL(baseURL).origin : undefined)
    const api = createMockApi({ ...mockOptions, assetsOrigin })
    await api.ready
    const start = evidenceStart(api)
    await use(api)
    const error = violationsError(api.violations)
    if (!error && !failedTest(testInfo)) return
    const test = evidenceTest(testInfo, 'mockApi')
    throw evidenceError(await attachEvidence(testInfo, () => mockEvidence(api, start, { test, scenario: scenarioName(mockOptions) })), error)
  },
  context: async ({ context, mockApi }, use) => {
    await routeMockApi(context, mockApi)
    await use(context)
    // Requests still waiting (a latency fault) end quietly when the context closes.
    await context.unrouteAll({ behavior: 'ignoreErrors' })
  },
  serviceWorkers: 'block',
  mockApiCoverage: [coverageFixture, { auto: true }],
}

/**
 * Playwright's `test` with the mock API fixtures.
 * @example
 * test.use({ mockOptions: { scenario: 'demo', seed: 42 } })
 * test('lists', async ({ page, mockApi }) => { await page.goto('/'); expect(mockApi.journal.count()).toBe(1) })
 */
export const test = base.extend<MockApiFixtures>(mockApiFixtures)

/**
 * Playwright's `test` with a demo-server session per test (`mockSession`), for apps whose server calls the
 * API: no browser routing, no in-process mock.
 * @example
 * test.use({ mockServer: { url: process.env.MOCK_URL! } })
 * test('lists', async ({ page, mockSession }) => { await page.context().addCookies([...]); await page.goto('/') })
 */
export const sessionTest = base.extend<MockSessionFixtures, MockServerWorkerFixtures>(mockSessionFixtures)
