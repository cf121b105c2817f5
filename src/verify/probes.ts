/**
 * The conformance suite: each probe is one request, built for a side from what that side discovered
 * (its workspace, application, totals) and the profile's bounds, and names the aspects it checks with the
 * topic of docs/spec-decisions.md each one observes.
 */
import type { Probe } from './probe-kit.ts'
import { readProbes } from './read-probes.ts'
import { writeProbes } from './write-probes.ts'

export { TOPIC, type Probe, type ProbeContext, type Topic } from './probe-kit.ts'

/** The probes of a run: read-only ones, then (with `--write`) the writes. */
export function probesOf(write: boolean): Probe[] {
  return write ? [...readProbes, ...writeProbes] : [...readProbes]
}
