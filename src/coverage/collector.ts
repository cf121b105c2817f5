/**
 * The collector: what the mocks attached to it answered, kept as tallies (a count per outcome of each
 * operation) and one example exchange per outcome and request shape, so that what it holds is bounded by
 * the outcomes that exist, not by the requests. A runner's hook turns the process's collector on
 * (`startProcessCoverage`) and takes its document at the end of each test file or test (`drain`); a demo
 * server keeps one per mock. Never in a request's way: a request it cannot classify is not counted.
 */
import type { JournalRecord, RequestJournal } from '../handlers/ports.ts'
import { whyOfAnswered, type Why } from '../testkit/why.ts'
import { documentOf, partOf, type Tallies } from './assemble.ts'
import { outcomesOf } from './classify.ts'
import type { CoverageDocument, CoverageExample, CoverageMock, CoverageOperation, CoverageOther, CoverageOutcome, CoveragePart } from './document.ts'
import { cellOf, ExampleBook, exampleKey, requestShape } from './example.ts'
import { exampleEntry } from './example-entry.ts'
import { universeOf, type Universe } from './outcomes.ts'
import { processCoverage, setProcessCoverage, type CoverageSink, type CoverageTap, type CoveredMock } from './switch.ts'
import { tappedJournal } from './tap.ts'

export class CoverageCollector implements CoverageSink {
  #requests = 0
  #mocks = new Map<string, CoverageMock>()
  #operations = new Map<string, CoverageOperation>()
  /** The outcomes that exist, by cell, with their counts. */
  #outcomes = new Map<string, CoverageOutcome>()
  #others = new Map<string, CoverageOther>()
  #examples = new ExampleBook()
  /** The universes registered since the last drain. */
  #universes = new Set<Universe>()

  attach(mock: CoveredMock): CoverageTap {
    const universe = universeOf(mock.surface)
    this.#register(universe)
    this.#mock(mock)
    return { observe: (record) => this.#observe(universe, mock, record) }
  }

  journal(journal: RequestJournal, mock: CoveredMock): RequestJournal {
    return tappedJournal(journal, this.attach(mock))
  }

  /** Whether anything was answered or attached since the last drain. */
  get empty(): boolean {
    return this.#universes.size === 0
  }

  /** The document of what was collected so far. */
  document(): CoverageDocument {
    return documentOf(this.#tallies())
  }

  /**
   * What was collected since the last drain, as a runner's channel carries it to the merge (a part: no
   * order, no summary), and a fresh start; undefined: nothing.
   */
  drain(): CoveragePart | undefined {
    if (this.empty) return undefined
    const part = partOf(this.#tallies())
    this.#requests = 0
    this.#mocks.clear()
    this.#operations.clear()
    this.#outcomes.clear()
    this.#others.clear()
    this.#examples = new ExampleBook()
    this.#universes.clear()
    return part
  }

  #tallies(): Tallies {
    return { requests: this.#requests, mocks: this.#mocks.values(), operations: this.#operations.values(), outcomes: this.#outcomes.values(), others: this.#others.values(), examples: this.#examples.examples }
  }

  #register(universe: Universe): void {
    if (this.#universes.has(universe)) return
    this.#universes.add(universe)
    for (const operation of universe.operations) if (!this.#operations.has(operation.name)) this.#operations.set(operation.name, { ...operation, requests: 0 })
    for (const outcome of universe.outcomes) {
      const cell = cellOf(outcome.operation, outcome.outcome)
      if (!this.#outcomes.has(cell)) this.#outcomes.set(cell, { ...outcome, count: this.#others.get(cell)?.count ?? 0 })
      this.#others.delete(cell)
    }
  }

  #mock({ scenario, seed }: CoveredMock): CoverageMock {
    const key = `${scenario}\u0000${seed}`
    return this.#mocks.get(key) ?? this.#mocks.set(key, { scenario, seed, requests: 0 }).get(key)!
  }

  #observe(universe: Universe, mock: CoveredMock, record: JournalRecord): void {
    // The kit's own routes (schema documents, icons, the OpenAPI documents) are no behaviour of the API.
    if (record.operation !== undefined && record.operation.contract === undefined) return
    const why = whyOfAnswered(record)
    const outcomes = outcomesOf({ status: record.status, why })
    if (outcomes.length === 0) return
    this.#register(universe)
    this.#requests++
    this.#mock(mock).requests++
    const operation = record.operation?.name ?? null
    const served = operation === null ? undefined : this.#operations.get(operation)
    if (served) served.requests++
    let wanted = false
    for (const outcome of outcomes) {
      const cell = cellOf(operation, outcome)
      const tally = this.#outcomes.get(cell) ?? this.#others.get(cell) ?? this.#others.set(cell, { operation, outcome, count: 0 }).get(cell)!
      tally.count++
      wanted ||= this.#examples.wants(cell)
    }
    if (wanted) this.#exemplify(record, why, { operation, outcomes, shape: requestShape(record), mock: { scenario: mock.scenario, seed: mock.seed } })
  }

  /** Keeps the request as an example when it brings a shape or answer one of its outcomes has no example of. */
  #exemplify(record: JournalRecord, why: Why, example: Omit<CoverageExample, 'entry'>): void {
    const key = exampleKey(example.shape, why)
    if (this.#examples.fresh(example, key).length === 0) return
    const entry = exampleEntry(record)
    if (entry !== undefined) this.#examples.offer({ ...example, entry }, key)
  }
}

/** Turns the process's coverage on (once: a second call answers the same collector, whichever copy of the kit made it). */
export function startProcessCoverage(): CoverageCollector {
  const current = processCoverage()
  if (current !== undefined && 'drain' in current) return current as CoverageCollector
  const collector = new CoverageCollector()
  setProcessCoverage(collector)
  return collector
}
