// The app's configuration: in development it calls the mock with fixed credentials.
const headers = { 'X-API-Key': 'dev-key', 'X-API-Secret': 'dev-secret' }

if (import.meta.env.DEV) {
  const { network } = await import('virtual:msw')
  const { createBrowserMock, withCredentials } = await import('workspace-api-mock/browser')

  const mock = createBrowserMock({
    scenario: withCredentials('demo', { apiKey: 'dev-key', apiSecret: 'dev-secret' }),
    seed: 42,
    persist: 'localStorage',
  })
  network.configure({ handlers: mock.handlers })
  mock.persistOn(network.events) // save after every write
  await network.enable()
}

const response = await fetch('/api/workspaces', { headers })
const body = await response.json()
document.querySelector('#summary')!.textContent = `${response.status}: ${body.data.length} workspaces`
