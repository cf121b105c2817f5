/**
 * A session's journal over the admin routes (`/__admin/sessions/{id}/journal`): the methods of
 * `mockApi.journal`, each a promise. The route answers every kept entry; queries match here, with the
 * journal's own matcher, so that they mean what they mean in-process.
 */
import { matches, type JournalEntry, type JournalQuery } from '../testkit/journal.ts'
import type { AdminCall } from './admin-request.ts'

/** By operation names as strings: the server may serve operations of your own. */
export interface RemoteJournal {
  /** Every kept entry, oldest first (`mockApi.journal.entries`). */
  entries(): Promise<JournalEntry<string>[]>
  filter(query?: JournalQuery<string>): Promise<JournalEntry<string>[]>
  count(query?: JournalQuery<string>): Promise<number>
  /** The newest matching entry. */
  last(query?: JournalQuery<string>): Promise<JournalEntry<string> | undefined>
  clear(): Promise<void>
}

/** The journal of session `scope.session`, over `call`. */
export function remoteJournal(call: AdminCall, scope: { session: string }): RemoteJournal {
  const entries = async () => [...(await call('GET journal', scope)).entries]
  const filter = async (query: JournalQuery<string> = {}) => (await entries()).filter((entry) => matches(entry, query))
  return {
    entries,
    filter,
    count: async (query) => (await filter(query)).length,
    last: async (query) => (await filter(query)).at(-1),
    clear: async () => {
      await call('DELETE journal', scope)
    },
  }
}
