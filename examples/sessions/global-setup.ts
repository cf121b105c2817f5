// Playwright's globalSetup: one mock server for the whole run; each test gets its own session (fixtures.ts).
import { startMockServer } from 'workspace-api-mock/node'

export default async function globalSetup() {
  const server = await startMockServer({ port: Number(process.env.MOCK_PORT ?? 4010) })
  process.env.MOCK_URL = server.url
  return () => server.close() // Playwright runs the returned function as the teardown
}
