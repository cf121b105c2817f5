import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals'
import { setupServer } from 'msw/node'
import { createMockApi } from 'workspace-api-mock'
import { renderWorkspaces } from './workspace-list.ts'

const api = createMockApi({ scenario: 'demo', seed: 42, baseUrl: 'https://api.example.test' })
const server = setupServer(...api.handlers)

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => api.reset())
afterAll(() => server.close())

test('renders the workspaces into the DOM', async () => {
  const list: HTMLUListElement = document.createElement('ul')
  document.body.append(list)
  await renderWorkspaces(list, 'https://api.example.test', api.credentials)
  expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
    'Payments Production',
    'Payments Staging',
    'Platform Engineering',
  ])
})

test('renders an error when the API fails', async () => {
  api.faults.fail('listWorkspaces', { status: 503 })
  const list = document.createElement('ul')
  await renderWorkspaces(list, 'https://api.example.test', api.credentials)
  expect(list.querySelector('li.error')?.textContent).toBe('Error 503')
  expect(api.journal.last({ operation: 'listWorkspaces' })?.status).toBe(503)
})
