/**
 * Coverage documents put together: a document from tallies (the collector's), and documents merged into
 * one (a run's files, workers, shards and sessions). Both end in the same canonical order, and a merge
 * keeps the same examples whatever order its documents come in: the result depends on the documents, not
 * on which worker finished first.
 */
import type { CoverageDocument, CoverageExample, CoverageMock, CoverageOperation, CoverageOther, CoverageOutcome } from './document.ts'
import { COVERAGE_FORMAT, COVERAGE_VERSION, MAX_MOCKS } from './format.ts'
import { cellOf, MAX_SHAPES } from './example.ts'
import { compareOperations, compareOutcomes } from './outcomes.ts'
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

/** The document of `tallies`, in canonical order, its summary computed. */
export function documentOf(tallies: Tallies): CoverageDocument {
  const mocks = [...tallies.mocks].sort((a, b) => (a.scenario === b.scenario ? a.seed - b.seed : a.scenario < b.scenario ? -1 : 1)).slice(0, MAX_MOCKS)
  const operations = [...tallies.operations].sort((a, b) => compareOperations(a.name, b.name))
  const outcomes = [...tallies.outcomes].sort(byCell)
  const others = [...tallies.others].sort(byCell)
  const examples = [...tallies.examples].sort(
    (a, b) => compareOperations(a.operation, b.operation) || compareOutcomes(a.outcomes[0]!, b.outcomes[0]!) || (a.shape === b.shape ? 0 : a.shape < b.shape ? -1 : 1),
  )
  const data = { requests: tallies.requests, operations, outcomes }
  return { format: COVERAGE_FORMAT, version: COVERAGE_VERSION, requests: tallies.requests, mocks, operations, outcomes, others, examples, summary: summaryOf(data) }
}

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
export function mergeCoverage(documents: readonly CoverageDocument[]): CoverageDocument {
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

/**
 * The examples kept: for each outcome of each operation, the MAX_SHAPES request shapes first in order of
 * their names, each with the example first in order of its JSON text. A choice that merging in steps
 * (a reporter adding each file's document as it comes) makes exactly as merging all at once.
 */
/** Documents merged a batch at a time as they come, so that what is held stays bounded (a merge in steps equals one at once). */
export class CoverageMerger {
  #merged: CoverageDocument | undefined
  #pending: CoverageDocument[] = []

  add(document: CoverageDocument): void {
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

function chosenExamples(documents: readonly CoverageDocument[]): CoverageExample[] {
  const best = new Map<string, Map<string, { text: string; example: CoverageExample }>>()
  for (const document of documents) {
    for (const example of document.examples) {
      const text = JSON.stringify(example)
      for (const outcome of example.outcomes) {
        const cell = cellOf(example.operation, outcome)
        const shapes = best.get(cell) ?? best.set(cell, new Map()).get(cell)!
        const kept = shapes.get(example.shape)
        if (kept === undefined || text < kept.text) shapes.set(example.shape, { text, example })
      }
    }
  }
  const chosen = new Map<string, CoverageExample>()
  for (const shapes of best.values()) {
    const first = [...shapes.keys()].sort().slice(0, MAX_SHAPES)
    for (const shape of first) chosen.set(shapes.get(shape)!.text, shapes.get(shape)!.example)
  }
  return [...chosen.values()]
}
