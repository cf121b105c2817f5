/** Run in a fresh process by the benchmark: seeds scale(100 x 1000) and reports time and peak memory. */
import { getResponse } from 'msw'
import { createMockApi } from '../src/index.ts'

const started = performance.now()
const api = createMockApi({ scenario: 'scale:100x1000', strict: false })
await api.ready
const seedMs = performance.now() - started

// The indexes are built on the first read: time the first request separately (it pays for them).
const first = performance.now()
const response = await getResponse(
  api.handlers,
  new Request('http://localhost/api/workspaces', {
    headers: { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret },
  }),
)
if (response?.status !== 200) throw new Error(`first request answered ${response?.status}`)
const firstRequestMs = performance.now() - first

process.stdout.write(
  JSON.stringify({
    seedMs,
    firstRequestMs,
    applications: api.db.applications.count(),
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    heapUsedMB: process.memoryUsage().heapUsed / 1024 / 1024,
  }),
)
