// A `session` fixture: each test (in any worker) gets the mock's data and credentials of its own.
import { test as base, expect } from '@playwright/test'

export interface MockSession {
  id: string
  apiKey: string
  apiSecret: string
  workspaceIds: string[]
}

export const test = base.extend<{ session: MockSession }>({
  session: async ({}, use) => {
    const mock = process.env.MOCK_URL ?? 'http://127.0.0.1:4010'
    const session = (await (await fetch(`${mock}/__admin/sessions`, { method: 'POST' })).json()) as MockSession
    await use(session) // give the app session.apiKey and session.apiSecret, e.g. with page.addInitScript
    await fetch(`${mock}/__admin/sessions/${session.id}`, { method: 'DELETE' })
  },
})

export { expect }
