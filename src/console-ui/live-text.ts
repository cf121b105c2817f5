/** A journal entry's `why.live` in words: where the request went, what came back, what was kept, and drift. */
import type { LiveNote } from '../handlers/trace.ts'
import { checkLine } from '../text/check-line.ts'

export function describeLive(live: LiveNote): Array<[string, string]> {
  const answered = live.status === undefined ? (live.error ?? 'under way') : `${live.status} in ${live.ms} ms`
  const whose = live.served === 'service' ? "the service's answer served" : "the mock's answer served"
  const rows: Array<[string, string]> = [['Live', `${live.mode}: ${live.url}, ${answered}; ${whose}; its credentials ${live.credentials === 'mapped' ? 'mapped' : 'none'}`]]
  if (live.kept) rows.push(['Kept', live.kept.map((group) => `${group.collection}: ${group.ids.join(', ')}${group.count > group.ids.length ? ` (+${group.count - group.ids.length} more)` : ''}`).join('; ')])
  if (live.notKept) rows.push(['Not kept', live.notKept])
  if (live.drift.length === 0) rows.push(['Drift', live.status === undefined ? 'none compared' : 'none'])
  for (const entry of live.drift) rows.push(['Drift', checkLine(entry, 0)])
  return rows
}
