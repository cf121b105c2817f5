/** The shapes the admin routes answer with, from the wire (types only: erased from the bundle). */
import type { FaultListing, LogEvent, MockInfo, OperationListing, PrincipalDescription, SessionDescription } from '../../../wire/admin.ts'

export type { LogEvent, MockInfo, SessionDescription }
export type PrincipalInfo = PrincipalDescription
export type FaultInfo = FaultListing
export type OperationInfo = OperationListing

/** What the console is looking at: the base state, or one session. */
export interface View {
  /** `/__admin` or `/__admin/sessions/<id>`: the admin routes of that mock. */
  prefix: string
  session: string | undefined
}
