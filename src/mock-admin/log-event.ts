/** One request as the console's log and the devtools panel's Requests list show it (the wire's `LogEvent`). */
import type { JournalEntry } from '../testkit/journal.ts'
import type { LogEvent } from '../wire/admin.ts'

/** The log's view of a journal entry: its duration to a tenth of a millisecond. */
export function logEvent(entry: JournalEntry<string>): LogEvent {
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
