/**
 * What the consumer contract is written from: exchanges as the mock's journal keeps them, the mocks they
 * came from, and the OpenAPI document whose schemas give the matchers. Plain data, so that a journal read
 * over HTTP, a file of entries, or a collector's one example per outcome are all the same input.
 */
import type { JournalEntry, Why } from '../testkit/journal.ts'

export { pacticipantProblem } from '../text/pacticipant-name.ts'

/**
 * One request and its answer. A `JournalEntry` (`api.journal.entries`, `GET /__admin/journal`) has every
 * member; nothing else of it is read. `path` is not read (its form may change): `operation` names the
 * operation, `params` its path parameters by name. Credentials are never read: `X-API-Key`,
 * `X-API-Secret` and `why.caller.apiKey` may be redacted or absent.
 */
export interface ContractExchange {
  operation: JournalEntry<string>['operation']
  method: string
  url: string
  params: Record<string, string>
  query: Record<string, string | string[]>
  headers: Record<string, string>
  body?: unknown
  /** 0 for a disconnect (no answer): left out of the contract. */
  status: number
  responseBody?: unknown
  why: ContractWhy
}

/** The part of `why` the contract reads: who called, what decided, the knobs, which records were read and written. */
export interface ContractWhy {
  caller: Why['caller']
  decision: Why['decision']
  /** The profile knobs that took part (`pastTheEnd` tells an empty page past the last one from a page). */
  profile?: Record<string, unknown>
  read: ReadonlyArray<{ collection: string; ids: readonly string[] }>
  written: ReadonlyArray<{ collection: string; ids: readonly string[] }>
}

/** A mock the exchanges came from: its scenario's name and seed (written to the pact's metadata). */
export interface ContractMock {
  scenario: string
  seed: number
}

export interface ContractInput {
  /** The exchanges, in any order, from any number of mocks: every journal entry, or one example per outcome. */
  exchanges: readonly ContractExchange[]
  /** The consumer's name in the pact (default `DEFAULT_CONSUMER`). */
  consumer?: string
  /** The provider's name in the pact (default `DEFAULT_PROVIDER`). */
  provider?: string
  /** The mocks the exchanges came from, in any order. */
  mocks?: readonly ContractMock[]
  /**
   * The OpenAPI 3.1 document the mock serves (`GET /api/openapi.json`; for a mock without operations or
   * fields of your own, the shipped `workspace-api-mock/openapi.json`): its operations, paths and schemas.
   * Only operations it describes are written into the contract.
   */
  openapi: OpenApiDocument
  /**
   * Whether exchanges an injected fault answered (`api.faults.fail`) become interactions, with the state
   * `the operation fails` (default true); false leaves them out, for a provider that cannot fail on request.
   */
  faults?: boolean
}

/** An OpenAPI document as parsed JSON. */
export type OpenApiDocument = Record<string, unknown>

export const DEFAULT_CONSUMER = 'workspace-api-consumer'
export const DEFAULT_PROVIDER = 'workspace-api'
