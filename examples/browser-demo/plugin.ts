import type { Credentials } from 'workspace-api-mock/browser'

let credentials: Credentials | undefined
// #region setup
if (import.meta.env.DEV) {
  const { network } = await import('virtual:msw')
  const { createBrowserMock } = await import('workspace-api-mock/browser')

  const mock = createBrowserMock({ scenario: 'demo', seed: 42, persist: 'localStorage' })
  network.configure({ handlers: mock.handlers })
  mock.persistOn(network.events)
  await network.enable()
  credentials = mock.api.credentials
}
// #endregion setup

const response = await fetch('/api/workspaces', {
  headers: { 'X-API-Key': credentials?.apiKey ?? '', 'X-API-Secret': credentials?.apiSecret ?? '' },
})
const body = await response.json()
document.querySelector('#summary')!.textContent = `${response.status}: ${body.data.length} workspaces`
