/**
 * The probes of operations of your own (an `--operations` module): verify holds the target to what the
 * mock does for them as for the spec's. Reads (GET) are probed by default, every other method only under
 * `--write`, and even then only with requests that change nothing (no credentials, an id that names
 * nothing). Path parameters named as the spec names them take the side's discoveries; others, and
 * required query parameters, leave the operation probed without credentials only.
 */
import type { OperationSpec } from '../handlers/operation-spec.ts'
import { WORKSPACE_HEADER } from '../handlers/definitions/parameters.ts'
import { MAX_ID_LENGTH } from '../model/ids.ts'
import type { RequestSpec } from './client.ts'
import { TOPIC as T, UNKNOWN_WORKSPACE, type Probe, type ProbeContext } from './probe-kit.ts'

/** Path parameters the sides' discoveries fill, and an id of the same kind that names nothing. */
const KNOWN: Record<string, { found: (side: ProbeContext) => string | undefined; unknown: string }> = {
  workspaceId: { found: (side) => side.workspaceId, unknown: UNKNOWN_WORKSPACE },
  applicationId: { found: (side) => side.applicationId, unknown: `app_${'0'.repeat(MAX_ID_LENGTH - 4)}` },
}

/** The request of an operation for a side: its path filled (`unknown`: with ids that name nothing), its scope. */
function requestOf(operation: OperationSpec, side: ProbeContext, auth: RequestSpec['auth'], unknown: boolean): RequestSpec | undefined {
  let missing = false
  const path = operation.path.replace(/:(\w+)/g, (_, name: string) => {
    const known = KNOWN[name]
    const value = known && (unknown ? known.unknown : known.found(side))
    if (value === undefined) missing = true
    return encodeURIComponent(value ?? 'unknown')
  })
  if (missing && auth !== 'none') return undefined
  const parameters = operation.contract?.parameters ?? []
  if (auth !== 'none' && parameters.some((parameter) => parameter.in !== 'path' && parameter.required && parameter !== WORKSPACE_HEADER)) return undefined
  const scoped = parameters.includes(WORKSPACE_HEADER)
  if (scoped && side.workspaceId === undefined && auth !== 'none') return undefined
  const headers = scoped && side.workspaceId !== undefined ? { 'X-Workspace-ID': side.workspaceId } : undefined
  return { method: operation.method, path, auth, ...(headers && { headers }) }
}

/** The probes of one operation of your own. */
function probesOf(operation: OperationSpec): Probe[] {
  const write = operation.method !== 'GET'
  const probe = (id: string, request: Probe['request'], checks: Probe['checks']): Probe => ({ id: `own.${operation.name}.${id}`, operation: operation.name, write, request, checks })
  const probes = [
    probe('no-credentials', (side) => requestOf(operation, side, 'none', false), { status: T.auth, declared: T.statuses }),
  ]
  if (!write) {
    probes.push(probe('valid', (side) => requestOf(operation, side, 'valid', false), { status: T.statuses, declared: T.statuses, schema: T.fields, fields: T.fields }))
  }
  if (/:\w+/.test(operation.path)) {
    probes.push(probe('unknown-id', (side) => requestOf(operation, side, 'valid', true), { status: T.pathIds, declared: T.statuses }))
  }
  return probes
}

/** The probes of the operations of your own among `published` (those after the spec's six), reads first. */
export function ownProbes(published: readonly OperationSpec[], spec: readonly string[]): { reads: Probe[]; writes: Probe[] } {
  const probes = published.filter((operation) => !spec.includes(operation.name)).flatMap(probesOf)
  return { reads: probes.filter((probe) => !probe.write), writes: probes.filter((probe) => probe.write) }
}
