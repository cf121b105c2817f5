/**
 * What the console's UI asks of a mock, whichever way it reaches it: the demo server's admin routes over
 * HTTP (http-transport.ts, the console page), or calls into a mock made in the same page
 * (page-transport.ts, the devtools panel). The UI is written against this interface only, so that a
 * feature added to it appears in both.
 */
import type { CoverageDocument } from '../coverage/document.ts'
import type { CollectionName } from '../model/database.ts'
import type { ErrorDetail } from '../model/schemas.ts'
import type { DriftEntry } from '../handlers/trace.ts'
import type { JournalEntry as AnyJournalEntry } from '../testkit/journal.ts'
import type { AnswerOf, AnyRecord, FaultBody, FaultListing, LogEvent, MockInfo, OperationListing, PrincipalDescription, RecordFilter, RecordPage, SessionDescription } from '../wire/admin.ts'

export type { AnyRecord, CollectionName, DriftEntry, ErrorDetail, FaultBody, LogEvent, MockInfo, RecordFilter, RecordPage }

/** A journal entry of any mock's operations (the spec's, presets, yours). */
export type JournalEntry = AnyJournalEntry<string>
export type FaultInfo = FaultListing
export type OperationInfo = OperationListing
export type PrincipalInfo = PrincipalDescription

/** A refusal, as the admin routes answer it (status, detail, the problems with their locations). */
export class TransportError extends Error {
  readonly status: number
  readonly problems: readonly ErrorDetail[]
  constructor(status: number, message: string, problems: readonly ErrorDetail[] = []) {
    super(message)
    this.name = 'TransportError'
    this.status = status
    this.problems = problems
  }
}

/** What the request log hears. */
export interface LogListener {
  /** The recent requests, oldest first, when the log starts (or starts over). */
  history(events: LogEvent[]): void
  request(event: LogEvent): void
  /** Whether the log is live, in words (`live`, `connecting…`). */
  state(text: string, live: boolean): void
  /** The mock followed is gone (a session deleted or expired). */
  closed?(): void
  /** The list of sessions changed. */
  sessions?(): void
}

/** What changed, as the page's change signal tells it (devtools' `workspace-api-mock:change` event). */
export type ChangeReason = 'record' | 'scenario' | 'state' | 'reset' | 'faults'

export interface ConsoleTransport {
  /** `server`: the demo server's console (curl lines); `page`: the panel beside an app (fetch lines). */
  readonly kind: 'server' | 'page'
  /** The origin the API is served on, for the lines principals copy. */
  readonly origin: string
  info(): Promise<MockInfo>
  /** Follows the request log until the returned function is called. */
  follow(listener: LogListener): () => void
  /** One request of the journal, whole (headers, bodies, why); undefined when it is no longer kept. */
  entry(seq: number): Promise<JournalEntry | undefined>
  addFault(fault: FaultBody): Promise<void>
  removeFault(id: number): Promise<void>
  clearFaults(): Promise<void>
  reset(): Promise<void>
  /** An address that downloads the state as JSON (a `blob:` one is revoked by the UI once used). */
  snapshotUrl(): string
  /** Serves a state (the text of a JSON file); resolves with its counts. */
  loadState(text: string): Promise<MockInfo['counts']>
  switchScenario(scenario: string, seed: number): Promise<void>
  records(collection: CollectionName, filter: RecordFilter, page: number, pageSize: number): Promise<RecordPage>
  editRecord(collection: CollectionName, id: string, changes: Record<string, unknown>): Promise<AnyRecord>
  addRecord(collection: CollectionName, parent: RecordFilter): Promise<AnyRecord>
  deleteRecord(collection: CollectionName, id: string): Promise<{ deleted: number }>
  /** With `live`: how the service's answers differ from the mock's (`api.drift`). */
  drift(): Promise<readonly DriftEntry[]>
  /** What the mock answered of the outcomes that exist; undefined when coverage is off for it. */
  coverage(): Promise<CoverageDocument | undefined>
  /** The demo server's sessions; absent in a page. */
  readonly sessions?: SessionsTransport
}

export interface SessionsTransport {
  list(): Promise<AnswerOf<'GET sessions'>>
  create(options: { scenario?: string; seed?: number }): Promise<SessionDescription>
  delete(id: string): Promise<void>
}
