import type { AnswerOf, MockAdminRoute } from '../../wire/admin.ts'
import type { RouteParams } from '../../wire/admin-routes.ts'
import type { SessionRegistry } from '../sessions/registry.ts'
import type { ServedMock } from '../sessions/served-mock.ts'

/** What the admin routes act on: the server's base state and its sessions, and the bound of what they load. */
export interface AdminContext {
  readonly base: ServedMock
  readonly sessions: SessionRegistry
  /** Most records a scenario or state loaded over HTTP may hold (`--max-records`). */
  readonly maxRecords: number
}

/** Who is calling: the admin (token held, or none needed), and the API credentials the request carries. */
export interface Caller {
  /** May use the server-wide routes: holds the token, or the server has none. */
  readonly admin: boolean
  /** Holds the token the server has (not merely: the server has none). */
  readonly tokenHeld: boolean
  readonly apiKey: string | null
  readonly apiSecret: string | null
}

/** What a mock's admin route is answered with: the request, the mock (the base state or a session) and the path's parameters. */
export interface MockCall<R extends MockAdminRoute> {
  readonly request: Request
  readonly target: ServedMock
  readonly params: RouteParams<R>
  /** Most records a scenario or state loaded over HTTP may hold (`--max-records`). */
  readonly maxRecords: number
}

/** A mock's admin route: its answer, as the wire types it, or a `Response` of another media type (a problem is thrown). */
export type MockHandler<R extends MockAdminRoute> = (call: MockCall<R>) => AnswerOf<R> | Response | Promise<AnswerOf<R> | Response>

/** The handlers of routes `R`: the compiler fails when one of the table's is not served. */
export type MockHandlers<R extends MockAdminRoute> = { readonly [K in R]: MockHandler<K> }
