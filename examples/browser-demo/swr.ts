/** The workspace list in React with SWR: the SWR recipe of docs/browser.md, driven by test/browser/demo.test.ts. */
import { createElement as h, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import useSWR, { mutate } from 'swr'
import { startMockWorker, type Workspace } from 'workspace-api-mock/browser'

const mock = await startMockWorker({ scenario: 'demo', seed: 42, devtools: true })
const headers = { 'X-API-Key': mock.api.credentials.apiKey, 'X-API-Secret': mock.api.credentials.apiSecret }

async function fetcher<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers })
  const body = await response.json()
  if (!response.ok) throw new Error(`${response.status} ${body.detail}`)
  return body.data as T
}

// The panel changed the mock (a record, the scenario, a reset, a fault): every key fetches again.
window.addEventListener('workspace-api-mock:change', () => void mutate(() => true))

function Workspaces() {
  const { data, error } = useSWR('/api/workspaces', fetcher<Workspace[]>)
  if (error) return h('p', { role: 'alert' }, `Could not load the workspaces: ${(error as Error).message}`)
  if (!data) return h('p', {}, 'Loading…')
  if (data.length === 0) return h('p', { id: 'empty' }, 'No workspaces yet.')
  return h('ul', { id: 'workspaces' }, ...data.map((workspace) => h('li', { key: workspace.id, 'data-testid': 'workspace' }, workspace.name)))
}

createRoot(document.querySelector('#root')!).render(h(StrictMode, null, h(Workspaces)))
