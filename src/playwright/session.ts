/**
 * `mockSession`: a session of a demo server for every Playwright test, for apps whose own server calls the
 * API (server-rendered pages, BFFs), where `context.route` never sees the calls. The test hands the
 * session's credentials to the app (a login, a cookie, ...) and drives its faults and journal; the session
 * ends after the test.
 */
import type { Fixtures, PlaywrightTestArgs, PlaywrightTestOptions, PlaywrightWorkerArgs, PlaywrightWorkerOptions, TestInfo } from '@playwright/test'
import { MockServerError } from '../client/admin-request.ts'
import { connectMockServer, type MockServerConnection, type RemoteSession, type RemoteSessionOptions } from '../client/connect.ts'
import { evidenceError } from '../evidence/report.ts'
import { attachEvidence, evidenceTest, failedTest, sessionEvidence } from './evidence.ts'
import { coverageRequested } from '../coverage/switch.ts'
import { attachCoverage, coverageFixture } from './coverage.ts'

/** Where the sessions come from: a running demo server, or `'start'` (one per worker process, port 0). */
export type MockServerOption = { url: string; adminToken?: string } | 'start'

/** The test-scoped fixtures: `mockSessionOptions` (an option) and the test's own `mockSession`. */
export interface MockSessionFixtures {
  /** What each test's session starts from: `{ scenario, seed, state }`. Default `{}`: the server's own data. */
  mockSessionOptions: RemoteSessionOptions
  /**
   * A new session of the server for this test, ended after it: credentials, faults, journal, state. A failed
   * test gets the table of its requests in its output and the evidence file as an attachment (docs/evidence.md).
   */
  mockSession: RemoteSession
  /** Automatic: with the coverage reporter on, hands what the test's mocks answered to it (see index.ts). */
  mockApiCoverage: void
}

/** The worker-scoped ones: the `mockServer` option and the connection to it. */
export interface MockServerWorkerFixtures {
  /**
   * `{ url, adminToken? }` of a demo server started for the run (e.g. in a global set-up), or `'start'`
   * (the default): each worker process starts a demo server of its own (the `demo` scenario on a free
   * port of 127.0.0.1) and closes it when it ends.
   */
  mockServer: MockServerOption
  /** The admin client of that server (`connectMockServer`). */
  mockServerConnection: MockServerConnection
}

type BuiltIn = PlaywrightTestArgs & PlaywrightTestOptions
type BuiltInWorker = PlaywrightWorkerArgs & PlaywrightWorkerOptions

/** The fixtures, for a `test` of your own: `base.extend<MockSessionFixtures, MockServerWorkerFixtures>(mockSessionFixtures)`. */
export const mockSessionFixtures: Fixtures<MockSessionFixtures, MockServerWorkerFixtures, BuiltIn, BuiltInWorker> = {
  mockServer: ['start', { option: true, scope: 'worker' }],
  mockServerConnection: [
    async ({ mockServer }, use) => {
      if (mockServer !== 'start') return use(connectMockServer(mockServer.url, { adminToken: mockServer.adminToken }))
      // Loaded only here: a suite against a running server never loads the server.
      const { startMockServer } = await import('../server/server.ts')
      const server = await startMockServer({ port: 0 })
      await use(connectMockServer(server.url, { adminToken: server.adminToken }))
      await server.close()
    },
    { scope: 'worker' },
  ],
  mockSessionOptions: [{}, { option: true }],
  mockSession: async ({ mockServerConnection, mockSessionOptions }, use, testInfo) => {
    const session = await mockServerConnection.sessions.create(mockSessionOptions)
    await use(session)
    // Coverage first: the evidence resets the session to read the state it started from.
    await sessionCoverage(session, testInfo)
    const report = failedTest(testInfo) ? await attachEvidence(testInfo, () => sessionEvidence(session, evidenceTest(testInfo, 'mockSession'))) : undefined
    await session.end()
    if (report) throw evidenceError(report)
  },
  mockApiCoverage: [coverageFixture, { auto: true }],
}

/**
 * With the coverage reporter on, what the session answered, from its server (one started with `--coverage`
 * or under the reporter's run); a server that does not collect it is said once a worker.
 */
async function sessionCoverage(session: RemoteSession, testInfo: TestInfo): Promise<void> {
  if (!coverageRequested()) return
  try {
    await attachCoverage(testInfo, await session.coverage())
  } catch (error) {
    if (!(error instanceof MockServerError) || error.status !== 404) throw error
    if (!coverageOffSaid) console.warn(`[workspace-api-mock] coverage: the demo server of ${session.baseUrl} does not collect it: start it with --coverage`)
    coverageOffSaid = true
  }
}

let coverageOffSaid = false
