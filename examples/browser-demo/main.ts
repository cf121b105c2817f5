import { startMockWorker } from 'workspace-api-mock/browser'
import { renderApp } from './app.ts'

// Before the app's first request: MSW's worker serves the API, the state survives reloads of this tab.
const mock = await startMockWorker({ scenario: 'demo', seed: 42, persist: 'sessionStorage' })

await renderApp(mock.api.credentials) // the app sends X-API-Key and X-API-Secret with every call

document.querySelector('#reset-data')!.addEventListener('click', () => {
  mock.clear() // forget the saved state: the reload starts from the scenario again
  location.reload()
})

// Handy from the browser console, e.g. workspaceApiMock.api.faults.latency('*', [200, 800]).
Object.assign(globalThis, { workspaceApiMock: mock })
