/**
 * Not public API: what the package's own code (the demo server, the browser entry, the console, verify)
 * reads and replaces behind a mock's public face, as named readers. `internalsOf` stays private to this
 * module (test/house/rules.test.ts holds it so): a caller asks for what it needs by name, and what a mock
 * keeps inside can change without a hunt through the servers.
 */
import { factoriesOf, type Factories } from '../factories/factories.ts'
import type { ApiSurface } from '../handlers/api-surface.ts'
import type { MockContext } from '../handlers/context.ts'
import type { Operation } from '../handlers/operation.ts'
import type { LiveGate, RequestJournal } from '../handlers/ports.ts'
import type { ResolvedProfile } from '../handlers/profile.ts'
import type { Dispatcher } from '../handlers/routing/dispatch.ts'
import type { Baseline } from '../model/baseline.ts'
import type { CollectionName } from '../model/database.ts'
import type { ScenarioState } from '../model/state.ts'
import type { Store } from '../model/store.ts'
import type { WrittenRecords } from '../model/written-records.ts'
import { buildScenarioWith, type ScenarioRef } from '../scenarios/resolve.ts'
import { completeState } from './initial-state.ts'
import type { Overrides } from '../testkit/overrides.ts'
import type { MockApi } from './mock-api.ts'
import type { ResolvedMockOptions } from './mock-options.ts'

/** What a mock keeps behind its public face. */
export interface Internals {
  mock: MockContext & { readonly surface: ApiSurface<Operation>; readonly overrides: Overrides }
  /** The dispatcher, once made (by `api.handle` or `dispatcherFor`). */
  dispatch?: Dispatcher
  store: Store
  /** What the mock's scenarios are built with besides the seed: a scenario switch builds with them too. */
  build: ResolvedMockOptions['build']
  replace(initial: ScenarioState | Baseline): Promise<void>
}

const internals = new WeakMap<MockApi, Internals>()

/** Ties a mock to its internals (createMockApiFrom, once per mock). */
export function keepInternals(api: MockApi, own: Internals): void {
  internals.set(api, own)
}

function internalsOf(api: MockApi): Internals {
  const found = internals.get(api)
  if (!found) throw new TypeError('not a mock API made by createMockApi')
  return found
}

/** The API the mock serves: its operations (the spec's, yours, the kit's routes), records and documents. */
export function servedSurfaceOf(api: MockApi): ApiSurface<Operation> {
  return internalsOf(api).mock.surface
}

/** The live service beside the mock (its `live` option); undefined without one. */
export function liveGateOf(api: MockApi): LiveGate | undefined {
  return internalsOf(api).mock.live
}

/** The overrides in force (a failed test's evidence lists them). */
export function overridesOf(api: MockApi): Overrides {
  return internalsOf(api).mock.overrides
}

/** The store as the console's record routes read and edit it: in place, through its indexes, as the API's writes do. */
export type RecordStore = Pick<Store, 'records' | 'indexes' | 'putRecord' | 'addRecord' | 'deleteRecords' | 'complete' | 'assetsOrigin'>

/** The mock's store, for the record routes (src/mock-admin/records.ts). */
export function recordStoreOf(api: MockApi): RecordStore {
  return internalsOf(api).store
}

/** Puts the mock's writes under a byte budget (the demo server's `--max-write-bytes`, decision 0020). */
export function budgetWrites(api: MockApi, written: WrittenRecords): void {
  internalsOf(api).store.written = written
}

/** Characters of JSON the mock's writes keep now, under its budget (0 without one). */
export function writtenBytesOf(api: MockApi): number {
  return internalsOf(api).store.written?.total ?? 0
}

/**
 * Where the pipeline records each exchange: the mock's journal, or a tap in front of it (a coverage
 * collector's, src/api/coverage-tap.ts). The mock's public `journal` stays as it is.
 */
export function recordInto(api: MockApi, journal: RequestJournal): void {
  ;(internalsOf(api).mock as { journal: RequestJournal }).journal = journal
}

/** Where the pipeline records now (the mock's journal unless a tap stands in front of it). */
export function recordingJournalOf(api: MockApi): RequestJournal {
  return internalsOf(api).mock.journal
}

/** The behaviour profile in force, every knob set. */
export function profileOf(api: MockApi): ResolvedProfile {
  return internalsOf(api).mock.profile
}

/** The origin the mock's icon URLs point at. */
export function assetsOriginOf(api: MockApi): string {
  return internalsOf(api).store.assetsOrigin
}

/**
 * The mock's dispatcher, made once by `make` (src/api/dispatcher-of.ts passes the pipeline's, so that this
 * module, which the browser entry loads eagerly, does not carry the dispatcher).
 */
export function dispatcherFor(api: MockApi, make: (mock: Internals['mock'], surface: ApiSurface<Operation>) => Dispatcher): Dispatcher {
  const own = internalsOf(api)
  own.dispatch ??= make(own.mock, own.mock.surface)
  return own.dispatch
}

/** The mock's initial state, prepared, for mocks that start from the same records. */
export function baselineOf(api: MockApi): Promise<Baseline> {
  return internalsOf(api).store.baseline
}

/**
 * The demo server's `POST /__admin/state` and `--watch`: loads `initial` (trusted: valid and taken over) in
 * place of the mock's initial state; `reset()` comes back to it from now on, and the principals are its
 * accounts. Faults, overrides and the journal stay.
 */
export function replaceInitialState(api: MockApi, initial: ScenarioState | Baseline): Promise<void> {
  return internalsOf(api).replace(initial)
}

/**
 * A state for this mock, as a client sent it: a copy with the mock's fields of your own built where a
 * record lacks them, validated against the mock's records (throws `InvalidStateError`).
 */
export function stateFor(api: MockApi, state: unknown): ScenarioState {
  return completeState(state, servedSurfaceOf(api).model, api.seed)
}

/**
 * The browser entry, which follows the state another tab saved: loads `state` in place of the mock's
 * current state, validated first (throws `InvalidStateError`, changing nothing); `reset()` still returns to
 * the initial state, and faults, overrides and the journal stay.
 */
export async function replaceState(api: MockApi, state: unknown): Promise<void> {
  return internalsOf(api).store.load(stateFor(api, state))
}

/** Factories seeded with `seed` that build as this mock's do: its fields of your own, access types, protocols, icons' origin. */
export function factoriesFor(api: MockApi, seed: number): Factories {
  return factoriesOf({ ...internalsOf(api).build, seed })
}

/**
 * A preset (or scenario) built with `seed` as this mock builds its own: with its fields of your own, its
 * access types and protocols, its icons' origin. A scenario switch that built without them served records
 * that lacked the fields, and `reset()` came back to those.
 */
export function scenarioFor(api: MockApi, ref: ScenarioRef, seed: number): ScenarioState {
  return buildScenarioWith(ref, factoriesFor(api, seed))
}

/** The records of one collection, read without filling lazy collections (see Store). */
export function recordsOf<Name extends CollectionName>(api: MockApi, name: Name): readonly ScenarioState[Name][number][] {
  return internalsOf(api).store.records(name)
}
