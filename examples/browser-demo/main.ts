// #region setup
import { startMockWorker } from 'workspace-api-mock/browser'

// Before the app's first request: serve the API from MSW's worker, state kept across reloads.
const mock = await startMockWorker({ scenario: 'demo', seed: 42, persist: 'sessionStorage' })
// #endregion setup

import { renderApp } from './app.ts'

document.querySelector<HTMLButtonElement>('#reset-data')!.addEventListener('click', () => {
  mock.clear()
  location.reload()
})
await renderApp(mock.api.credentials)
