/**
 * The journal's limits in this process: what a kept record costs against the byte budget (its body cut to
 * JOURNAL_BODY_LIMIT, its URL and headers; the problems `why` lists, an error's detail; the entry once
 * built for a reader), which records drop, that the newest always stays, that a journal of limit 0 keeps
 * and announces nothing, and bodies nested deeper than JOURNAL_BODY_DEPTH.
 * test/hostile/attack-journal.test.ts drives the same limits through the demo server.
 */
import { describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import type { JournalRecord } from '../../src/handlers/ports.ts'
import { DEPTH_MARKER, JOURNAL_BODY_DEPTH, JOURNAL_BODY_LIMIT, Journal } from '../../src/testkit/journal.ts'
import { WHY_PROBLEMS_SHOWN } from '../../src/testkit/why.ts'
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

/** A 422 answered with `problems` validation problems and a detail of `detail` characters. */
function refused(n: number, problems: number, detail = 17): JournalRecord {
  const errors = Array.from({ length: problems }, (_, i) => ({ message: 'unexpected property', location: `body.m${i}`, value: 0 }))
  return { ...record(n), status: 422, problem: { status: 422, detail: 'd'.repeat(detail), errors, why: undefined, allow: undefined } }
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

describe('what an entry keeps beyond its bodies', () => {
  test(`a 422 of 1,000 problems answers them all; why keeps ${WHY_PROBLEMS_SHOWN} of them and their count`, async () => {
    const api = createMockApi({ scenario: 'demo', seed: 3, strict: false, baseUrl: 'http://localhost' })
    await api.ready
    const members = Array.from({ length: 1000 }, (_, i) => `"m${i}":0`).join(',')
    const headers = { 'X-API-Key': api.credentials.apiKey, 'X-API-Secret': api.credentials.apiSecret, 'Content-Type': 'application/json' }
    const response = await api.handle(new Request('http://localhost/api/workspaces', { method: 'POST', headers, body: `{"name":"x",${members}}` }))
    expect(response!.status).toBe(422)
    expect((await response!.json()).errors).toHaveLength(1000)
    const { decision } = api.journal.last()!.why
    expect(decision).toMatchObject({ kind: 'validation', count: 1000 })
    const problems = (decision as { problems: unknown[] }).problems
    expect(problems).toHaveLength(WHY_PROBLEMS_SHOWN)
    expect(problems.at(-1)).toEqual({ message: 'unexpected property', location: `body.m${WHY_PROBLEMS_SHOWN - 1}`, value: 0 })
  })

  test('the problems kept count against the budget', () => {
    // Ten plain records fit the budget; beside a record with its problems kept, fewer do.
    const journal = new Journal(100, 10 * cost(record(1)))
    journal.record(refused(0, 1000))
    for (let n = 1; n <= 9; n++) journal.record(record(n))
    expect(kept(journal)).not.toContain(0)
    const plain = new Journal(100, 10 * cost(record(1)))
    for (let n = 0; n <= 9; n++) plain.record(record(n))
    expect(kept(plain)).toContain(0)
  })

  test("an error's detail counts, and is kept up to JOURNAL_BODY_LIMIT characters, then cut", () => {
    const journal = new Journal(100, 3 * (cost(record(1)) + JOURNAL_BODY_LIMIT + 100))
    for (let n = 1; n <= 3; n++) journal.record(refused(n, 0, 10 * JOURNAL_BODY_LIMIT))
    journal.record(refused(4, 0, 10 * JOURNAL_BODY_LIMIT))
    const entries = journal.entries
    expect(entries.map((entry) => Number(entry.headers['x-n']))).toEqual([2, 3, 4])
    expect(entries.at(-1)!.detail).toBe(`${'d'.repeat(JOURNAL_BODY_LIMIT)}…[truncated]`)
  })

  test('an entry built for a reader is kept for the next read only while its bodies parsed fit the budget: reading drops nothing', () => {
    const json = (n: number): JournalRecord => {
      const bytes = new TextEncoder().encode(`[${Array.from({ length: 8000 }, () => '0').join(',')}]`)
      return { ...record(n), headers: { 'x-n': String(n), 'content-type': 'application/json' }, body: { bytes, size: bytes.length, truncated: false } }
    }
    // Room for two records' bodies parsed (an array of 8,000 numbers is several times its 16 KB of text).
    const roomy = new Journal(100, 40 * cost(json(1)))
    roomy.record(json(1))
    roomy.record(json(2))
    expect(roomy.entries[0]).toBe(roomy.entries[0])
    // No room: built anew for every read, and nothing dropped for it.
    const full = new Journal(100, 4 * cost(json(1)))
    for (let n = 1; n <= 4; n++) full.record(json(n))
    const first = full.entries
    expect(first.map((entry) => Number(entry.headers['x-n']))).toEqual([1, 2, 3, 4])
    expect(full.entries[0]).not.toBe(first[0])
    expect(full.entries[0]).toEqual(first[0])
    // Reading counted nothing: one more plain record drops the oldest alone.
    full.record(record(5))
    expect(kept(full)).toEqual([2, 3, 4, 5])
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
