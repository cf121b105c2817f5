/**
 * The conformance suite: each probe is one request, built for a side from what that side discovered
 * (its workspace, application, totals) and the profile's bounds, and names the aspects it checks with the
 * topic of docs/spec-decisions.md each one observes.
 */
import type { ApiSurface } from '../handlers/api-surface.ts'
import { publishedOperations } from '../handlers/definitions/operations/published.ts'
import { ownProbes } from './own-probes.ts'
import type { Probe } from './probe-kit.ts'
import { readProbes } from './read-probes.ts'
import { writeProbes } from './write-probes.ts'

export { TOPIC, type Probe, type ProbeContext, type Topic } from './probe-kit.ts'

/** The probes of a run against a mock of this API: read-only ones, then (with `--write`) the writes; the operations of your own's after the spec's. */
export function probesOf(write: boolean, surface: ApiSurface): Probe[] {
  const own = ownProbes(surface.published, publishedOperations.map((operation) => operation.name))
  return write ? [...readProbes, ...own.reads, ...writeProbes, ...own.writes] : [...readProbes, ...own.reads]
}
