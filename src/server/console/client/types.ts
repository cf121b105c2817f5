/** The shapes the admin routes answer with (types only: erased from the bundle). */
import type { LogEvent } from '../events.ts'
import type { MockInfo } from '../../admin/mock-routes.ts'
import type { SessionDescription } from '../../admin/session-routes.ts'

export type { LogEvent, MockInfo, SessionDescription }
export type PrincipalInfo = MockInfo['principals'][number]
export type FaultInfo = MockInfo['faults'][number]
export type OperationInfo = MockInfo['operations'][number]

/** What the console is looking at: the base state, or one session. */
export interface View {
  /** `/__admin` or `/__admin/sessions/<id>`: the admin routes of that mock. */
  prefix: string
  session: string | undefined
}
