/**
 * The set-up of the `ssr` Playwright project (playwright.config.ts): one demo server for the whole run,
 * with an admin token, and the example app pointed at it. Workers read both from the environment
 * (`WAM_SSR_MOCK_URL`, `WAM_SSR_ADMIN_TOKEN`, `WAM_SSR_APP_URL`). The teardown fails the run when a
 * session outlived its test: every test's `mockSession` must have ended.
 */
import { randomBytes } from 'node:crypto'
import { connectMockServer, startMockServer } from 'workspace-api-mock/node'
import { startApp } from './app.ts'

export default async function globalSetup(): Promise<() => Promise<void>> {
  const adminToken = randomBytes(16).toString('hex')
  const server = await startMockServer({ port: 0, scenario: 'demo', adminToken })
  const app = await startApp(server.url)
  process.env.WAM_SSR_MOCK_URL = server.url
  process.env.WAM_SSR_ADMIN_TOKEN = adminToken
  process.env.WAM_SSR_APP_URL = app.url
  return async () => {
    const left = await connectMockServer(server.url, { adminToken }).sessions.list()
    await app.close()
    await server.close()
    if (left.length > 0) throw new Error(`${left.length} session(s) left after the run: ${left.map((s) => s.id).join(', ')}`)
  }
}
