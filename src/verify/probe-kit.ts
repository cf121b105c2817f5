/**
 * What a probe is, the topics of docs/spec-decisions.md the checks observe, and the helpers the probe lists
 * (read-probes.ts, write-probes.ts) build their requests with.
 */
import type { ResolvedProfile } from '../handlers/profile.ts'
import type { AspectName, Discovered } from '../checks/aspects.ts'
import { TOPIC, type Topic } from '../handlers/decision-topics.ts'
import type { RequestSpec } from './client.ts'

export { TOPIC, type Topic }

/** What a probe builds its request from: the side's discoveries and the profile the mock is judged with. */
export interface ProbeContext extends Discovered {
  profile: ResolvedProfile
}

/** The aspects a probe checks, each with the topic it observes. */
export type Checks = Partial<Record<AspectName, Topic>>

export interface Probe {
  id: string
  /** The operation the request is of (its declared statuses and schemas judge the answer). */
  operation?: string
  /** Creates or updates data: sent only with `--write`. */
  write?: boolean
  /** The request for a side; undefined when the side has nothing to send it about (no application, ...). */
  request(side: ProbeContext): RequestSpec | undefined
  checks: Checks
  /** Keeps what later probes need from the answer (the created workspace). */
  after?(json: unknown, side: Discovered): void
}

/** A well-formed id that names nothing: 404. */
export const UNKNOWN_WORKSPACE = `wse_${'0'.repeat(32)}`

export function get(path: string, auth: RequestSpec['auth'] = 'valid', headers?: Record<string, string>): RequestSpec {
  return { method: 'GET', path, auth, ...(headers ? { headers } : {}) }
}

export function sendJson(method: string, path: string, value: unknown, auth: RequestSpec['auth'] = 'valid'): RequestSpec {
  return { method, path, auth, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(value) }
}

/** The checks of a problem answer: its status (for `topic`), its title, and that the document declares it. */
export function problem(topic: Topic, more: Checks = {}): Checks {
  return { status: topic, title: TOPIC.errors, declared: TOPIC.statuses, ...more }
}

/** A request in the side's workspace (`X-Workspace-ID`); undefined when the side has none. */
export function inWorkspace(path: string) {
  return (side: ProbeContext): RequestSpec | undefined =>
    side.workspaceId === undefined ? undefined : get(path, 'valid', { 'X-Workspace-ID': side.workspaceId })
}
