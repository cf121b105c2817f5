import type { JournalRecord, RequestJournal } from '../handlers/ports.ts'
import type { CoverageTap } from './switch.ts'

/**
 * A mock's journal as the pipeline sees it while coverage is on: every answered request goes to `tap` too,
 * whatever the journal's limit or resets. The journal stays as it was (the mock's public face keeps it).
 */
export function tappedJournal(journal: RequestJournal, tap: CoverageTap): RequestJournal {
  return {
    // At least 1, so that the pipeline reads bodies and records even when the journal keeps nothing.
    get limit() {
      return Math.max(journal.limit, 1)
    },
    record(record: JournalRecord) {
      // First: the journal completes the record it keeps in place.
      tap.observe(record)
      if (journal.limit > 0) journal.record(record)
    },
  }
}
