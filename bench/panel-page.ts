/**
 * The page bench/panel.ts measures: an app on the mock's service worker with the devtools mounted, whose
 * `round(n)` makes n refused writes one after the other (a POST without a name: 422) and answers how long
 * they took. The benchmark opens and closes the panel between rounds.
 */
import { startMockWorker } from 'workspace-api-mock/browser'

const mock = await startMockWorker({ scenario: 'demo', seed: 1, persist: false, devtools: true, start: { quiet: true, onUnhandledFrame: 'bypass' } })
const devtools = await mock.devtools!
const headers = { 'X-API-Key': mock.api.credentials.apiKey, 'X-API-Secret': mock.api.credentials.apiSecret, 'Content-Type': 'application/json' }

/** Waits for two frames: what a round left to render is rendered before the next one starts. */
const settled = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))

async function round(requests: number): Promise<number> {
  await settled()
  const started = performance.now()
  for (let i = 0; i < requests; i++) {
    const response = await fetch('/api/workspaces', { method: 'POST', headers, body: '{}' })
    if (response.status !== 422) throw new Error(`expected 422, got ${response.status}`)
    await response.arrayBuffer()
  }
  await settled()
  return performance.now() - started
}

Object.assign(globalThis, { panelBench: { round, open: () => devtools.open(), close: () => devtools.close(), isOpen: () => devtools.isOpen } })
document.body.dataset.ready = 'true'
