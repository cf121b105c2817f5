/** One request as the console's log and the devtools panel's Requests list show it. */
import type { JournalEntry, Why } from '../testkit/journal.ts'

export interface LogEvent {
  /** The journal entry's number (`GET <admin>/journal/<seq>` has the whole entry: headers, bodies). */
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

/** The log's view of a journal entry: its duration to a tenth of a millisecond. */
export function logEvent(entry: JournalEntry): LogEvent {
  const url = new URL(entry.url)
  return {
    seq: entry.seq,
    time: entry.time,
    method: entry.method,
    path: `${url.pathname}${url.search}`,
    status: entry.status,
    duration: Math.round(entry.duration * 10) / 10,
    operation: entry.operation,
    detail: entry.detail,
    why: entry.why,
  }
}
