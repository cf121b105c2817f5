import { QueryClient } from '@tanstack/query-core'
import { startMockWorker } from 'workspace-api-mock/browser'
import { renderApp } from './app.ts'

// Before the app's first request: MSW's worker serves the API, the state survives reloads of this tab,
// and the devtools panel opens with its button or Alt+Shift+M.
const mock = await startMockWorker({ scenario: 'demo', seed: 42, persist: 'sessionStorage', devtools: true })

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
// The panel changed the mock (a record, the scenario, a reset, a fault): the app fetches again.
window.addEventListener('workspace-api-mock:change', () => void queryClient.invalidateQueries())

await renderApp(mock.api.credentials, queryClient) // the app sends X-API-Key and X-API-Secret with every call

document.querySelector('#reset-data')!.addEventListener('click', () => {
  mock.clear() // forget the saved state: the reload starts from the scenario again
  location.reload()
})

// Handy from the browser console, e.g. workspaceApiMock.api.faults.latency('*', [200, 800]).
Object.assign(globalThis, { workspaceApiMock: mock })
