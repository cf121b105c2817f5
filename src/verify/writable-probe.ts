/**
 * `--operations-out` with `--write`: whether the target takes each workspace field the mock lacks in a
 * write. The workspace the write probes updated (the one they created, or `--workspace-id`'s) gets the
 * field set to another value the field was seen with, then its own value back; a field the answer carries
 * with the value sent was taken, and is `writable`. The API shows no write of applications: their fields
 * are not tried.
 */
import { isDeepStrictEqual } from 'node:util'
import type { Findings } from '../codegen/findings.ts'
import { inheritedName } from '../model/definition-error.ts'
import { FIELD_NAME, RECORD_KEYS } from '../model/fields.ts'
import type { Side } from './client.ts'
import { sendJson } from './probe-kit.ts'

/** Fields tried at most (two writes each). */
const MAX_TRIED = 20

export async function writableFields(target: Side, workspace: Record<string, unknown> | undefined, findings: Findings): Promise<{ writable: Findings['writable']; wrote: string[] }> {
  const writable: Findings['writable'] = []
  const wrote: string[] = []
  if (typeof workspace?.id !== 'string') return { writable, wrote }
  const path = `/api/workspaces/${encodeURIComponent(workspace.id)}`
  const known = new Set([...RECORD_KEYS.workspace, ...findings.known.fields.workspace])
  const rows = findings.records.filter((row) => row.record === 'workspace')
  const names = [...new Set(rows.flatMap((row) => Object.keys(row.values)))].filter((name) => !known.has(name) && FIELD_NAME.test(name) && inheritedName(name) === undefined)
  for (const name of names.slice(0, MAX_TRIED)) {
    const own = workspace[name]
    const other = rows.map((row) => row.values[name]).find((value) => value !== undefined && !isDeepStrictEqual(value, own))
    if (other === undefined) continue
    const answer = await target.send(sendJson('PUT', path, { [name]: other }))
    if (answer.status >= 300) continue
    wrote.push(`PUT ${path}`)
    const data = (answer.json as { data?: Record<string, unknown> } | undefined)?.data
    if (!isDeepStrictEqual(data?.[name], other)) continue
    writable.push({ record: 'workspace', field: name, seen: `PUT ${path}` })
    if (own !== undefined && (await target.send(sendJson('PUT', path, { [name]: own }))).status < 300) wrote.push(`PUT ${path}`)
  }
  return { writable, wrote: [...new Set(wrote)] }
}
