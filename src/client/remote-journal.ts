/**
 * A session's journal over the admin routes (`/__admin/sessions/{id}/journal`): the methods of
 * `mockApi.journal`, each a promise. The route answers every kept entry; queries match here, with the
 * journal's own matcher, so that they mean what they mean in-process.
 */
import { matches, type JournalEntry, type JournalQuery } from '../testkit/journal.ts'
import { adminRequest } from './admin-request.ts'

export interface RemoteJournal {
  /** Every kept entry, oldest first (`mockApi.journal.entries`). */
  entries(): Promise<JournalEntry[]>
  filter(query?: JournalQuery): Promise<JournalEntry[]>
  count(query?: JournalQuery): Promise<number>
  /** The newest matching entry. */
  last(query?: JournalQuery): Promise<JournalEntry | undefined>
  clear(): Promise<void>
}

/** The journal of the mock whose admin routes are at `admin` (ending in `/`), called with `headers`. */
export function remoteJournal(admin: string, headers: Record<string, string>): RemoteJournal {
  const entries = async () => [...(await adminRequest('GET journal', `${admin}journal`, headers)).entries]
  const filter = async (query: JournalQuery = {}) => (await entries()).filter((entry) => matches(entry, query))
  return {
    entries,
    filter,
    count: async (query) => (await filter(query)).length,
    last: async (query) => (await filter(query)).at(-1),
    clear: async () => {
      await adminRequest('DELETE journal', `${admin}journal`, headers)
    },
  }
}
