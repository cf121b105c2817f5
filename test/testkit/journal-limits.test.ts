/**
 * The journal's limits in this process: what a kept record costs against the byte budget (its body cut to
 * JOURNAL_BODY_LIMIT, its URL and headers), which records drop, that the newest always stays, that a
 * journal of limit 0 keeps and announces nothing, and bodies nested deeper than JOURNAL_BODY_DEPTH.
 * test/hostile/attack-journal.test.ts drives the same limits through the demo server.
 */
import { describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import type { JournalRecord } from '../../src/handlers/ports.ts'
import { DEPTH_MARKER, JOURNAL_BODY_DEPTH, JOURNAL_BODY_LIMIT, Journal } from '../../src/testkit/journal.ts'
import { bottom, deep } from '../support/nested-json.ts'

/** What a record costs besides its body, URL and headers (journal.ts's RECORD_OVERHEAD). */
const OVERHEAD = 256
const URL_ = 'http://localhost/api/workspaces'

function record(n: number, options: { body?: number; headers?: Record<string, string> } = {}): JournalRecord {
  const bytes = options.body === undefined ? undefined : new Uint8Array(options.body).fill(0x61)
  return {
    operation: undefined,
    method: 'POST',
    url: URL_,
    params: {},
    headers: { 'x-n': String(n), ...options.headers },
    body: bytes && { bytes, size: bytes.length, truncated: false },
    status: 200,
    answer: undefined,
    time: n,
    duration: 0,
  }
}

/** The cost journal.ts counts for a record: overhead, URL, kept body and every header name and value. */
function cost(r: JournalRecord): number {
  let bytes = OVERHEAD + r.url.length + Math.min(r.body?.bytes.length ?? 0, JOURNAL_BODY_LIMIT)
  for (const [name, value] of Object.entries(r.headers)) bytes += name.length + value.length
  return bytes
}

const kept = (journal: Journal) => journal.entries.map((entry) => Number(entry.headers['x-n']))

describe('the byte budget', () => {
  test('records fit exactly: at the budget all stay, one byte under it the oldest drops', () => {
    const records = [record(1), record(2), record(3)]
    const total = records.reduce((sum, r) => sum + cost(r), 0)
    const exact = new Journal(100, total)
    for (const r of records) exact.record(r)
    expect(kept(exact)).toEqual([1, 2, 3])
    const under = new Journal(100, total - 1)
    for (const r of [record(1), record(2), record(3)]) under.record(r)
    expect(kept(under)).toEqual([2, 3])
  })

  test('header names and values count: bigger headers, fewer records kept', () => {
    const small = record(1)
    const budget = 3 * cost(small)
    const plain = new Journal(100, budget)
    const padded = new Journal(100, budget)
    for (let n = 1; n <= 3; n++) {
      plain.record(record(n))
      padded.record(record(n, { headers: { 'x-pad': 'p'.repeat(100) } }))
    }
    expect(kept(plain)).toEqual([1, 2, 3])
    expect(kept(padded)).toEqual([2, 3])
  })

  test('a body counts up to JOURNAL_BODY_LIMIT only, and its entry keeps that much, marked as truncated', () => {
    const big = (n: number) => record(n, { body: JOURNAL_BODY_LIMIT * 4 })
    const journal = new Journal(100, 3 * cost(big(1)))
    for (let n = 1; n <= 3; n++) journal.record(big(n))
    expect(kept(journal)).toEqual([1, 2, 3])
    expect(journal.last()!.body).toBe(`${'a'.repeat(JOURNAL_BODY_LIMIT)}…[truncated]`)
  })

  test('the newest record stays even alone over the budget; the one before it drops', () => {
    const journal = new Journal(100, cost(record(1)))
    journal.record(record(1))
    journal.record(record(2, { body: JOURNAL_BODY_LIMIT }))
    expect(kept(journal)).toEqual([2])
  })

  test('thousands of records through a limit of 10: always the newest 10, in order', () => {
    const journal = new Journal(10)
    for (let n = 1; n <= 5000; n++) {
      journal.record(record(n))
      if (n % 1000 === 0 || n === 1024 || n === 2049) expect(kept(journal)).toEqual(Array.from({ length: 10 }, (_, i) => n - 9 + i))
    }
  })
})

test('a journal of limit 0 keeps nothing and tells no listener', () => {
  const journal = new Journal(0)
  const heard: unknown[] = []
  journal.subscribe((entry) => heard.push(entry))
  journal.record(record(1))
  expect(journal.entries).toEqual([])
  expect(heard).toEqual([])
})

describe('nested bodies', () => {
  const api = createMockApi({ scenario: 'demo', seed: 3, strict: false, baseUrl: 'http://localhost' })
  const { apiKey, apiSecret } = api.credentials

  async function journaledBody(text: string): Promise<unknown> {
    await api.ready
    const request = new Request('http://localhost/api/workspaces', {
      method: 'POST',
      headers: { 'X-API-Key': apiKey, 'X-API-Secret': apiSecret, 'Content-Type': 'application/json' },
      body: text,
    })
    const response = await api.handle(request)
    expect(response!.status).toBe(422)
    return api.journal.last()!.body
  }

  test('exactly JOURNAL_BODY_DEPTH levels are kept whole; one more is cut there with the marker', async () => {
    expect(bottom(await journaledBody(deep(JOURNAL_BODY_DEPTH)))).toEqual({ levels: JOURNAL_BODY_DEPTH, at: 1 })
    expect(bottom(await journaledBody(deep(JOURNAL_BODY_DEPTH + 1)))).toEqual({ levels: JOURNAL_BODY_DEPTH, at: DEPTH_MARKER })
  })

  test('arrays nest too: past the depth their items become the marker, the array keeps its length', async () => {
    const pairs = JOURNAL_BODY_DEPTH / 2
    let at: unknown = await journaledBody(`${'{"a":['.repeat(pairs)}{"b":1},{"b":2}${']}'.repeat(pairs)}`)
    for (let pair = 1; pair < pairs; pair++) at = (at as { a: unknown[] }).a[0]
    expect(at).toEqual({ a: [DEPTH_MARKER, DEPTH_MARKER] })
  })

  test('brackets inside strings, escaped quotes included, do not count as nesting', async () => {
    const brackets = `"\\"${'[{'.repeat(80)}\\\\"`
    const body = await journaledBody(deep(JOURNAL_BODY_DEPTH - 1, `{"s":${brackets}}`))
    expect(bottom(body).levels).toBe(JOURNAL_BODY_DEPTH)
    expect(JSON.stringify(body)).not.toContain(DEPTH_MARKER)
    expect(JSON.stringify(body)).toContain('[{[{')
  })

  test('nulls and strings at the cut are kept as they are, objects become the marker', async () => {
    const body = await journaledBody(deep(JOURNAL_BODY_DEPTH - 1, '[null,"x",{"b":2}]'))
    let node: unknown = body
    for (let level = 0; level < JOURNAL_BODY_DEPTH - 1; level++) node = (node as { a: unknown }).a
    expect(node).toEqual([null, 'x', DEPTH_MARKER])
  })
})
