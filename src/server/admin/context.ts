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
