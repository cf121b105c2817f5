/**
 * Writes an evidence file's text from what a mock saw, within its bound: the test's newest requests
 * within EVIDENCE_JOURNAL_BYTES, and the state the test started from unless the whole would pass
 * EVIDENCE_BYTES (then the file names the scenario and seed to serve instead).
 */
import type { ScenarioState } from '../model/state.ts'
import { resolveScenario, type ScenarioRef } from '../scenarios/resolve.ts'
import { sizeText } from '../text/size-text.ts'
import { EVIDENCE_FORMAT, EVIDENCE_VERSION } from './constants.ts'
import type { EvidenceEntry, EvidenceFault, EvidenceInput, EvidenceTest } from './shape.ts'

/** The most an evidence file holds. */
export const EVIDENCE_BYTES = 16 * 1024 * 1024
/** The most its requests hold: the newest are kept (the newest one whatever it costs: a journal entry is bounded). */
export const EVIDENCE_JOURNAL_BYTES = 4 * 1024 * 1024

/** What a mock saw during a test, as the fixtures gather it. */
export interface EvidenceParts {
  test: EvidenceTest
  scenario: string
  seed: number
  faults: readonly EvidenceFault[]
  overrides: readonly { operation: string; once: boolean }[]
  /** The test's requests, oldest first. */
  entries: readonly EvidenceEntry[]
  /** How many requests the test made: more than `entries` when the journal dropped older ones. */
  requests: number
  state: ScenarioState
}

/** Whether the command builds `scenario` by that name (not a given state, nor a scenario function). */
function isPreset(scenario: string): boolean {
  try {
    resolveScenario(scenario as ScenarioRef)
    return true
  } catch {
    return false
  }
}

const bytes = (text: string) => new TextEncoder().encode(text).byteLength

/**
 * A request body may hold a `__proto__` member (JSON.parse makes it an own one); the file says
 * `[__proto__]` instead, so that no reader of it ever meets the name that sets an object's prototype.
 */
function withoutPrototypeKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, '__proto__')) return value
  const copy: Record<string, unknown> = {}
  for (const [key, member] of Object.entries(value)) {
    Object.defineProperty(copy, key === '__proto__' ? '[__proto__]' : key, { value: member, enumerable: true, writable: true, configurable: true })
  }
  return copy
}

const text = (evidence: EvidenceInput) => `${JSON.stringify(evidence, withoutPrototypeKeys, 2)}\n`

/** The newest entries within EVIDENCE_JOURNAL_BYTES, oldest first. */
function newest(entries: readonly EvidenceEntry[]): EvidenceEntry[] {
  const kept: EvidenceEntry[] = []
  let total = 0
  for (let i = entries.length - 1; i >= 0; i--) {
    total += bytes(JSON.stringify(entries[i], withoutPrototypeKeys, 2))
    if (kept.length > 0 && total > EVIDENCE_JOURNAL_BYTES) break
    kept.push(entries[i]!)
  }
  return kept.reverse()
}

/** The evidence file's text (JSON, two-space indented), at most EVIDENCE_BYTES. */
export function evidenceText(parts: EvidenceParts): string {
  const entries = newest(parts.entries)
  const evidence: EvidenceInput = {
    format: EVIDENCE_FORMAT,
    version: EVIDENCE_VERSION,
    test: parts.test,
    scenario: parts.scenario,
    seed: parts.seed,
    faults: [...parts.faults],
    overrides: parts.overrides.map(({ operation, once }) => ({ operation, once })),
    journal: { entries, left: parts.requests - entries.length },
    state: parts.state,
  }
  const whole = text(evidence)
  const size = bytes(whole)
  if (size <= EVIDENCE_BYTES) return whole
  const preset = isPreset(parts.scenario) ? `: serve --scenario ${parts.scenario} --seed ${parts.seed} instead` : ''
  const stateLeftOut = `the state the test started from made the file ${sizeText(size)}, over the ${sizeText(EVIDENCE_BYTES)} an evidence file holds${preset}`
  return text({ ...evidence, state: null, stateLeftOut })
}
