/**
 * The bounds that keep one client from taking the demo server down (docs/demo-server.md, "Limits and
 * security"). A module of its own: the command line reads the defaults without loading the server.
 */

/** Bounds of the sessions a server keeps. */
export interface SessionLimits {
  /** Most sessions at once; creating one more is refused (429) until one is deleted or expires. Default 100. */
  maxSessions?: number
  /** Milliseconds without a request after which a session is deleted. Default 30 minutes. */
  idleTimeout?: number
  /**
   * Most bytes of JSON the states sessions were given and their writes may hold together (a session's
   * `state`, a session's own `POST .../state`, what its API writes keep): records alone do not bound them,
   * five records can carry a 50 MB description each. Default 64 MiB, one admin body of the largest size
   * (about 90 MB of memory when full).
   */
  maxStateBytes?: number
}

export const DEFAULT_SESSION_LIMITS: Required<SessionLimits> = { maxSessions: 100, idleTimeout: 30 * 60_000, maxStateBytes: 64 * 1024 * 1024 }

export interface ServerLimits {
  /**
   * Most records (organizations, accounts, workspaces and applications together) one scenario or state
   * loaded over HTTP may hold: a session's `scale:` scenario or state, a state upload. Default 100,000
   * (about 0.7 s to build and 0.3-0.5 GB of heap on a 2-core machine; sessions' own data together may hold
   * four times as many).
   */
  maxRecords?: number
  /** Milliseconds a request may take to send its body; then 408 and the connection closed. Default 30 s. */
  bodyTimeout?: number
  /**
   * Most characters of JSON the records written through the API (and the console's record routes) may keep
   * in each mock, the base state and each session: the records written since its state was loaded, each
   * counted once, as stored now. A write past it is a 429 problem naming the bound. A session's writes
   * count in the sessions' budget together too (`maxStateBytes`). Default 16 MiB (about 32 MB of memory
   * when full: the records, and their JSON kept for replies).
   */
  maxWriteBytes?: number
}

export const DEFAULT_LIMITS: Required<ServerLimits> = { maxRecords: 100_000, bodyTimeout: 30_000, maxWriteBytes: 16 * 1024 * 1024 }

/** Largest admin request body (a state upload): 64 MiB, about 50,000 records of JSON. */
export const MAX_ADMIN_BODY_BYTES = 64 * 1024 * 1024

/** How many times `maxRecords` the sessions' own data (scenarios and states they asked for) may hold together. */
export const SESSION_RECORDS_FACTOR = 4

/**
 * Data a session holds of its own: records, and the bytes of JSON it was sent as (0 for what the kit builds
 * from a scenario or a seed: its records bound it).
 */
export interface OwnData {
  records: number
  bytes: number
}

const SCALE = /^scale:(\d+)x(\d+)$/

/** Records a preset or `scale:<w>x<a>` scenario builds, estimated before building it (presets are small). */
export function scenarioRecords(name: string): number {
  const match = SCALE.exec(name)
  if (!match) return 0
  const workspaces = Number(match[1])
  return workspaces + workspaces * Number(match[2])
}

/** Records of a state (every collection). */
export function stateRecords(state: object): number {
  let records = 0
  for (const value of Object.values(state)) if (Array.isArray(value)) records += value.length
  return records
}

export function checkedLimits(limits: ServerLimits): Required<ServerLimits> {
  const merged = { ...DEFAULT_LIMITS, ...definedOnly(limits) }
  if (!(Number.isSafeInteger(merged.maxRecords) && merged.maxRecords > 0)) {
    throw new RangeError(`maxRecords must be a positive integer, got ${merged.maxRecords}`)
  }
  if (!(merged.bodyTimeout > 0)) throw new RangeError(`bodyTimeout must be a positive number of ms, got ${merged.bodyTimeout}`)
  if (!(merged.maxWriteBytes > 0)) throw new RangeError(`maxWriteBytes must be a positive number of bytes, got ${merged.maxWriteBytes}`)
  return merged
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
