/**
 * Coverage documents put together: a document from tallies (the collector's), and documents merged into
 * one (a run's files, workers, shards and sessions). Both end in the same canonical order, and a merge
 * keeps the same examples whatever order its documents come in: the result depends on the documents, not
 * on which worker finished first.
 */
import type { CoverageDocument, CoverageExample, CoverageMock, CoverageOperation, CoverageOther, CoverageOutcome, CoveragePart } from './document.ts'
import { COVERAGE_FORMAT, COVERAGE_VERSION, MAX_MOCKS } from './format.ts'
import { cellOf, exampleKey, MAX_SHAPES } from './example.ts'
import { compareOperations, compareOutcomes } from './order.ts'
import { summaryOf } from './summary.ts'

/** What a document is made of, in any order. */
export interface Tallies {
  requests: number
  mocks: Iterable<CoverageMock>
  operations: Iterable<CoverageOperation>
  outcomes: Iterable<CoverageOutcome>
  others: Iterable<CoverageOther>
  examples: Iterable<CoverageExample>
}

const byCell = (a: { operation: string | null; outcome: string }, b: { operation: string | null; outcome: string }) =>
  compareOperations(a.operation, b.operation) || compareOutcomes(a.outcome, b.outcome)

const byMock = (a: CoverageMock, b: CoverageMock) => (a.scenario === b.scenario ? a.seed - b.seed : a.scenario < b.scenario ? -1 : 1)

/**
 * A runner's part of a run (a test file's, a test's): the tallies as they were collected, without the
 * order or the summary a merge gives them, so that a worker does no more than it must.
 */
export function partOf(tallies: Tallies): CoveragePart {
  const mocks = [...tallies.mocks]
  return {
    format: COVERAGE_FORMAT,
    version: COVERAGE_VERSION,
    requests: tallies.requests,
    // Past the bound, the same mocks as a document keeps: the first in order.
    mocks: mocks.length > MAX_MOCKS ? mocks.sort(byMock).slice(0, MAX_MOCKS) : mocks,
    operations: [...tallies.operations],
    outcomes: [...tallies.outcomes],
    others: [...tallies.others],
    examples: [...tallies.examples],
  }
}

/** The document of `tallies`, in canonical order, its summary computed. */
export function documentOf(tallies: Tallies): CoverageDocument {
  const mocks = [...tallies.mocks].sort(byMock).slice(0, MAX_MOCKS)
  const operations = [...tallies.operations].sort((a, b) => compareOperations(a.name, b.name))
  const outcomes = [...tallies.outcomes].sort(byCell)
  const others = [...tallies.others].sort(byCell)
  // Examples of one operation, first outcome and shape differ in the rest: their JSON text orders them.
  const texts = new Map<CoverageExample, string>()
  const textOf = (example: CoverageExample) => texts.get(example) ?? texts.set(example, JSON.stringify(example)).get(example)!
  const examples = [...tallies.examples].sort(
    (a, b) => compareOperations(a.operation, b.operation) || compareOutcomes(a.outcomes[0]!, b.outcomes[0]!) || compareText(a.shape, b.shape) || compareText(textOf(a), textOf(b)),
  )
  const data = { requests: tallies.requests, operations, outcomes }
  return { format: COVERAGE_FORMAT, version: COVERAGE_VERSION, requests: tallies.requests, mocks, operations, outcomes, others, examples, summary: summaryOf(data) }
}

const compareText = (a: string, b: string) => (a === b ? 0 : a < b ? -1 : 1)

/** Keeps a copy of `item` under `key`, or adds it to the one kept (`add`). */
function tally<T extends object>(map: Map<string, T>, key: string, item: T, add: (kept: T, item: T) => void): void {
  const kept = map.get(key)
  if (kept === undefined) map.set(key, { ...item })
  else add(kept, item)
}

const addRequests = (kept: { requests: number }, item: { requests: number }) => void (kept.requests += item.requests)
const addCount = (kept: { count: number }, item: { count: number }) => void (kept.count += item.count)

/**
 * Documents merged: requests, mocks, operations and outcomes added up (an outcome one document answered
 * outside its own and another has among its own counts as one that exists); of the examples, the same
 * choice whatever the order (`chosenExamples`).
 */
export function mergeCoverage(documents: readonly CoveragePart[]): CoverageDocument {
  const mocks = new Map<string, CoverageMock>()
  const operations = new Map<string, CoverageOperation>()
  const outcomes = new Map<string, CoverageOutcome>()
  const others = new Map<string, CoverageOther>()
  let requests = 0
  for (const document of documents) {
    requests += document.requests
    for (const mock of document.mocks) tally(mocks, `${mock.scenario}\u0000${mock.seed}`, mock, addRequests)
    for (const operation of document.operations) tally(operations, operation.name, operation, addRequests)
    for (const outcome of document.outcomes) tally(outcomes, cellOf(outcome.operation, outcome.outcome), outcome, addCount)
    for (const other of document.others) tally(others, cellOf(other.operation, other.outcome), other, addCount)
  }
  for (const [cell, other] of others) {
    const outcome = outcomes.get(cell)
    if (outcome === undefined) continue
    outcome.count += other.count
    others.delete(cell)
  }
  return documentOf({ requests, mocks: mocks.values(), operations: operations.values(), outcomes: outcomes.values(), others: others.values(), examples: chosenExamples(documents) })
}

/** Documents merged a batch at a time as they come, so that what is held stays bounded (a merge in steps equals one at once). */
export class CoverageMerger {
  #merged: CoverageDocument | undefined
  #pending: CoveragePart[] = []

  add(document: CoveragePart): void {
    this.#pending.push(document)
    if (this.#pending.length >= MERGE_BATCH) this.#fold()
  }

  result(): CoverageDocument {
    this.#fold()
    return this.#merged ?? mergeCoverage([])
  }

  #fold(): void {
    if (this.#pending.length === 0) return
    this.#merged = mergeCoverage(this.#merged === undefined ? this.#pending : [this.#merged, ...this.#pending])
    this.#pending = []
  }
}

/** Documents held before they are merged into the rest. */
const MERGE_BATCH = 32

/**
 * The examples kept: for each outcome of each operation, the MAX_SHAPES keys (`exampleKey`: the request's
 * shape and the answer) first in order, each with the example first in order of its JSON text. A choice
 * that merging in steps (a reporter adding each file's document as it comes) makes exactly as merging all
 * at once.
 */
function chosenExamples(documents: readonly CoveragePart[]): CoverageExample[] {
  const best = new Map<string, Map<string, { text: string; example: CoverageExample }>>()
  for (const document of documents) {
    for (const example of document.examples) {
      const text = JSON.stringify(example)
      const key = exampleKey(example.shape, example.entry.why)
      for (const outcome of example.outcomes) {
        const cell = cellOf(example.operation, outcome)
        const keys = best.get(cell) ?? best.set(cell, new Map()).get(cell)!
        const kept = keys.get(key)
        if (kept === undefined || text < kept.text) keys.set(key, { text, example })
      }
    }
  }
  const chosen = new Map<string, CoverageExample>()
  for (const keys of best.values()) {
    for (const key of [...keys.keys()].sort().slice(0, MAX_SHAPES)) chosen.set(keys.get(key)!.text, keys.get(key)!.example)
  }
  return [...chosen.values()]
}
