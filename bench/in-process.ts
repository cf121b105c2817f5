/**
 * In-process benchmark: the kit's handlers against a bare MSW handler returning the same bytes
 * precomputed, both through `fetch` + msw/node's setupServer, interleaved in rounds so that machine
 * noise hits both sides alike.
 */
import { http, type HttpHandler } from 'msw'
import { setupServer } from 'msw/node'
import { createMockApi, defineOperation, identifierParameter, type MockApi } from '../src/index.ts'
import { median, percentile } from './stats.ts'

const ORIGIN = 'http://bench.test'

export interface InProcessRow {
  operation: string
  bytes: number
  ours: number
  baseline: number
  ratio: number
  oursP99: number
  baselineP99: number
}

interface Case {
  operation: string
  path: string
  headers: Record<string, string>
}

function cases(api: MockApi): Case[] {
  const auth = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret }
  const workspaces = api.db.workspaces.all()
  // The last workspace and an application near the end of insertion order: the worst case of a scan.
  const workspace = workspaces.at(-1)!
  const application = api.db.applications.all().at(-2)!
  return [
    {
      operation: 'GET /api/applications/{id}',
      path: `/api/applications/${application.id}`,
      headers: { ...auth, 'X-Workspace-ID': application.workspace },
    },
    {
      operation: 'GET /api/applications (100-row page)',
      path: '/api/applications?current_page=5&page_size=100',
      headers: { ...auth, 'X-Workspace-ID': workspace.id },
    },
    { operation: 'GET /api/workspaces', path: '/api/workspaces', headers: auth },
  ]
}

async function timeRequests(c: Case, count: number, samples: number[]): Promise<void> {
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const res = await fetch(`${ORIGIN}${c.path}`, { headers: c.headers })
    await res.text()
    samples.push(performance.now() - started)
  }
}

export async function runInProcess(options: { rounds: number; perRound: number; api?: MockApi }): Promise<InProcessRow[]> {
  const api = options.api ?? createMockApi({ scenario: 'scale:100x1000', baseUrl: ORIGIN, strict: false })
  await api.ready
  const server = setupServer()
  server.listen({ onUnhandledFrame: 'error' })
  const rows: InProcessRow[] = []
  try {
    for (const c of cases(api)) {
      server.resetHandlers(...api.handlers)
      const probe = await fetch(`${ORIGIN}${c.path}`, { headers: c.headers })
      if (probe.status !== 200) throw new Error(`${c.operation}: expected 200, got ${probe.status}`)
      const body = await probe.text()
      const bytes = new TextEncoder().encode(body)
      const contentType = probe.headers.get('Content-Type')!
      // The cheapest bare handler we know: precomputed bytes behind a lazy stream (a string or a byte
      // array body would make the Response encode or copy them on every request).
      const bare: HttpHandler = http.get(`${ORIGIN}${c.path.split('?')[0]}`, () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(bytes)
              controller.close()
            },
          }),
          { headers: { 'Content-Type': contentType, 'Content-Length': String(bytes.length) } },
        ),
      )
      const ours: number[] = []
      const baseline: number[] = []
      await timeRequests(c, 50, []) // warm-up
      for (let round = 0; round < options.rounds; round++) {
        server.resetHandlers(...api.handlers)
        await timeRequests(c, options.perRound, ours)
        server.resetHandlers(bare)
        await timeRequests(c, options.perRound, baseline)
      }
      const oursMedian = median(ours)
      const baselineMedian = median(baseline)
      rows.push({
        operation: c.operation,
        bytes: Buffer.byteLength(body),
        ours: oursMedian,
        baseline: baselineMedian,
        ratio: oursMedian / baselineMedian,
        oursP99: percentile(ours, 99),
        baselineP99: percentile(baseline, 99),
      })
    }
  } finally {
    server.close()
  }
  return rows
}

/** Median time of `reset()` on the demo scenario: the cost every test pays. */
export async function measureReset(times: number): Promise<{ median: number; p99: number }> {
  const api = createMockApi({ scenario: 'demo', strict: false })
  await api.ready
  const samples: number[] = []
  for (let i = 0; i < times; i++) {
    const started = performance.now()
    await api.reset()
    samples.push(performance.now() - started)
  }
  return { median: median(samples), p99: percentile(samples, 99) }
}

/**
 * A read of your own of the same shape as getApplication (a path id, the `X-Workspace-ID` scope, one
 * application in its envelope), written with `defineOperation` as a user would.
 */
const readApplication = defineOperation({
  name: 'readApplication',
  method: 'GET',
  path: '/api/apps/{applicationId}',
  params: { applicationId: identifierParameter },
  scope: 'workspace',
  response: { shape: 'item', record: 'application' },
  run: ({ params, applications }) => applications.get(params.applicationId),
})

export interface OwnReadRow {
  ours: number
  builtIn: number
  /** The read of your own's median over the built-in getApplication's, requests interleaved in rounds. */
  ratio: number
}

/** The read of your own against the built-in getApplication of the same mock, in alternating rounds. */
export async function runOwnRead(options: { rounds: number; perRound: number }): Promise<OwnReadRow> {
  const api = createMockApi({ scenario: 'scale:100x1000', baseUrl: ORIGIN, strict: false, operations: [readApplication] })
  await api.ready
  const server = setupServer(...api.handlers)
  server.listen({ onUnhandledFrame: 'error' })
  try {
    const application = api.db.applications.all().at(-2)!
    const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret, 'X-Workspace-ID': application.workspace }
    const own: Case = { operation: 'readApplication', path: `/api/apps/${application.id}`, headers }
    const builtIn: Case = { operation: 'getApplication', path: `/api/applications/${application.id}`, headers }
    for (const c of [own, builtIn]) {
      const probe = await fetch(`${ORIGIN}${c.path}`, { headers })
      if (probe.status !== 200) throw new Error(`${c.operation}: expected 200, got ${probe.status}`)
      await timeRequests(c, 50, [])
    }
    const ours: number[] = []
    const builtIns: number[] = []
    for (let round = 0; round < options.rounds; round++) {
      await timeRequests(own, options.perRound, ours)
      await timeRequests(builtIn, options.perRound, builtIns)
    }
    return { ours: median(ours), builtIn: median(builtIns), ratio: median(ours) / median(builtIns) }
  } finally {
    server.close()
  }
}
