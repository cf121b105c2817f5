/** Bounds of the sessions a server keeps (a module of its own: the command line reads the defaults cheaply). */
export interface SessionLimits {
  /** Most sessions at once; creating one more is refused (429) until one is deleted or expires. Default 100. */
  maxSessions?: number
  /** Milliseconds without a request after which a session is deleted. Default 30 minutes. */
  idleTimeout?: number
}

export const DEFAULT_SESSION_LIMITS: Required<SessionLimits> = { maxSessions: 100, idleTimeout: 30 * 60_000 }
