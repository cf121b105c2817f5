/**
 * The demo server's admin API on the wire: the JSON each route under `/__admin/` takes and answers, and the
 * console's live log events. Types only (erased from every bundle); the routes' paths, methods and body
 * bounds are admin-routes.ts's table, keyed by the names given here. The routes (src/server/admin/), the
 * published client (src/client/), the console's page (src/console-page/) and the MCP tools
 * (src/server/mcp/) are all typed from here, so a shape is spelled once; test/server/admin-wire.test.ts
 * holds the answers of a running server to these types, key for key.
 */
import type { Principal } from '../api/mock-api.ts'
import type { CoverageDocument } from '../coverage/document.ts'
import type { Findings } from '../codegen/findings.ts'
import type { ResolvedProfile } from '../handlers/profile.ts'
import type { DriftEntry } from '../handlers/trace.ts'
import type { CollectionName } from '../model/database.ts'
import type { Account, Application, Organization, Workspace } from '../model/schemas.ts'
import type { ScenarioState } from '../model/state.ts'
import type { FaultJson } from '../testkit/fault-json.ts'
import type { FaultDescription } from '../testkit/faults.ts'
import type { JournalEntry, Why } from '../testkit/journal.ts'

/** How many records each collection holds. */
export type Counts = Record<CollectionName, number>

/** A principal with the names a person recognizes (account, e-mail, organization). */
export interface PrincipalDescription extends Principal {
  name?: string
  email?: string
  organizationName?: string
}

/** A fault as `POST faults` takes it (and as the fault flags bring it). */
export type FaultBody = FaultJson

/** An active fault, the server's startup faults (from flags) marked. */
export interface FaultListing extends FaultDescription {
  startup: boolean
}

/**
 * Where an operation comes from: the API's six (`api`), a preset opted into (`preset`, the operations the
 * spec leaves unshown), the user's own (`own`), or the kit's own routes (`kit`: schemas, icons, documents).
 */
export type OperationKind = 'api' | 'preset' | 'own' | 'kit'

/** An operation of the mock, as the console and MCP list them. */
export interface OperationListing {
  name: string
  method: string
  /** In the spec's syntax: `/api/workspaces/{workspaceId}`. */
  path: string
  kind: OperationKind
}

/** `GET info`: what the console shows of one mock. */
export interface MockInfo {
  scenario: string
  seed: number
  counts: Counts
  principals: PrincipalDescription[]
  /** The first principal's workspaces in list order: what a client puts in `X-Workspace-ID`. */
  workspaceIds: readonly string[]
  faults: FaultListing[]
  operations: OperationListing[]
  /** How many entries the journal keeps. */
  journalLimit: number
  /** The behaviour profile in force, every knob set. */
  profile: ResolvedProfile
  /** The presets `POST scenario` takes (besides `scale:<w>x<a>`). */
  scenarios: readonly string[]
  /** Whether the mock collects coverage (`GET coverage` answers it; docs/coverage.md). */
  coverage: boolean
}

/** A session as `POST` and `GET /__admin/sessions` describe it: what a client needs to use it, and what it holds. */
export interface SessionDescription {
  id: string
  apiKey: string
  apiSecret: string
  workspaceIds: readonly string[]
  /** ISO 8601: when it is deleted unless a request comes first. */
  expiresAt: string
  principals: PrincipalDescription[]
  scenario: string
  seed: number
  created: string
  counts: Counts
  /** Its own admin routes: `/__admin/sessions/{id}/`. */
  admin: string
}

/** What a session starts from (`POST /__admin/sessions`); nothing: a copy of the server's data. */
export interface CreateSessionBody {
  /** A preset (`demo`, `multi-tenant`, ...) or `scale:<w>x<a>`; never a module path over HTTP. */
  scenario?: string
  seed?: number
  /** A state to load (a `snapshot()`, a fixture file); not with `scenario`. */
  state?: ScenarioState
}

/** One request as the console's live log shows it (the `history` and `request` events). */
export interface LogEvent {
  /** The journal entry's number: `GET journal/{seq}` answers the whole entry (headers, bodies). */
  seq: number
  time: number
  method: string
  /** Path and query. */
  path: string
  status: number
  duration: number
  operation: string | undefined
  /** The problem detail of an error. */
  detail: string | undefined
  /** Why the mock answered as it did. */
  why: Why
}

/** A record of any of the four collections. */
export type AnyRecord = Organization | Account | Workspace | Application

/** What a page of records is filtered by: the parent they belong to (also the parent of a record added). */
export interface RecordFilter {
  /** Accounts and workspaces of this organization. */
  organization?: string
  /** Applications of this workspace. */
  workspace?: string
}

/** `GET records/{collection}`: a page of one collection, in the API's order. */
export interface RecordPage {
  collection: CollectionName
  records: AnyRecord[]
  /** Records that match the filter, in all. */
  total: number
  page: number
  pageSize: number
}

/** `POST scenario`: a preset and seed served from now on. */
export interface ScenarioBody {
  scenario: string
  /** Default: the seed served now. */
  seed?: number
}

/** The routes of one mock: the base state's under `/__admin/`, a session's under `/__admin/sessions/{id}/`. */
export interface MockAdminRoutes {
  'GET info': { answer: MockInfo }
  'GET faults': { answer: { faults: FaultListing[] } }
  'POST faults': { body: FaultBody; answer: { id: number; added: FaultBody; faults: number } }
  /** Removes the faults added over the admin (startup faults stay); `faults` is how many remain. */
  'DELETE faults': { answer: { faults: number } }
  'DELETE faults/{id}': { answer: { faults: number } }
  'GET journal': { answer: { entries: readonly JournalEntry<string>[] } }
  'GET journal/{seq}': { answer: JournalEntry<string> }
  'DELETE journal': { answer: { entries: [] } }
  /** With `--live`: how the service's answers differ from the mock's, each difference once (`api.drift`). */
  'GET drift': { answer: { drift: readonly DriftEntry[] } }
  /** With `--live`: what the service showed that the mock lacks, as the generator of the code that follows it reads it. */
  'GET drift/findings': { answer: Findings }
  /** With `--live`: that module's text (`text/plain`, not JSON), new: `drift --operations-out` merges into a file. */
  'GET drift/module': { answer: string }
  'POST reset': { answer: { reset: true } }
  'GET snapshot': { answer: ScenarioState }
  'POST state': { body: ScenarioState; answer: { replaced: true; counts: Counts; principals: readonly Principal[] } }
  /** The first principal keeps its credentials (a session's new accounts get new ones, as with a state). */
  'POST scenario': { body: ScenarioBody; answer: { scenario: string; seed: number; principals: readonly Principal[] } }
  /** Query: `page`, `pageSize` (at most 100), `organization`, `workspace`. */
  'GET records/{collection}': { answer: RecordPage }
  /** A record built by the factories under the parent named (an organization; a workspace for applications). */
  'POST records/{collection}': { body: RecordFilter; answer: AnyRecord }
  'GET records/{collection}/{id}': { answer: AnyRecord }
  /** Fields and their new values; a value the kit refuses is a 422 at `body.<field>`. */
  'PATCH records/{collection}/{id}': { body: Record<string, unknown>; answer: AnyRecord }
  /** Deletes the record and what belongs to it; `deleted` counts them all. */
  'DELETE records/{collection}/{id}': { answer: { deleted: number } }
  /** What the mock answered of the outcomes that exist (a server started with `--coverage`; else 404). */
  'GET coverage': { answer: CoverageDocument }
  /** The same, taken: the mock's coverage starts again from nothing. */
  'DELETE coverage': { answer: CoverageDocument }
}

/** The server-wide session routes under `/__admin/`. */
export interface SessionRoutes {
  'GET sessions': { answer: { sessions: SessionDescription[]; maxSessions: number; idleTimeout: number; scenarios: string[] } }
  'POST sessions': { body: CreateSessionBody; answer: SessionDescription }
  'GET sessions/{id}': { answer: SessionDescription }
  'DELETE sessions/{id}': { answer: { deleted: string } }
}

/**
 * A mock's live request log, as server-sent events (not JSON): `history` (the latest requests, when the
 * stream opens), then `request` for each new one; `sessions`, `dropped` and `closed` carry nothing the
 * console reads.
 */
export interface MockStreamRoutes {
  'GET events': { events: { history: LogEvent[]; request: LogEvent } }
}

export type AdminRoutes = MockAdminRoutes & SessionRoutes
/** A route that answers JSON. */
export type AdminRoute = keyof AdminRoutes
export type MockAdminRoute = keyof MockAdminRoutes
export type SessionRoute = keyof SessionRoutes
export type StreamRoute = keyof MockStreamRoutes
/** Every route under `/__admin/`: a mock's (the base state's, or a session's under `sessions/{id}/`) and the server's sessions'. */
export type AnyAdminRoute = AdminRoute | StreamRoute
/** The JSON a route answers with. */
export type AnswerOf<R extends AdminRoute> = AdminRoutes[R]['answer']
/** The JSON body a route takes (never: none). */
export type BodyOf<R extends AdminRoute> = AdminRoutes[R] extends { body: infer B } ? B : never
