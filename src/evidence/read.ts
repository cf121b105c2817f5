/**
 * Reads a state file or an evidence file as the state it serves: wherever a state file is taken (`--state`,
 * the console's and the devtools panel's Scenario upload), an evidence file is too, and serves the state its
 * test started from. Its text is checked before anything is built from it: its nesting, prototype keys, its
 * format and version; the state itself is then checked as any state is. Without zod: the console UI reads
 * files with it, and zod's schema kinds it would bring would land in the browser entry's eager chunk
 * (check.ts checks the rest of the shape, for `--state`).
 */
import { nestingOf } from '../text/json-nesting.ts'
import { shown } from '../text/terminal-text.ts'
import { EVIDENCE_FORMAT, EVIDENCE_VERSION } from './constants.ts'

/**
 * Deepest nesting a state or evidence file may have: an evidence file's request bodies are cut at 64
 * levels (the journal's own bound) inside a few levels of its own; records nest a few levels.
 */
export const MAX_FILE_NESTING = 100

/** Why a file cannot be served; the message reads after the file's name (`x.json is not valid JSON: …`). */
export class StateFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StateFileError'
  }
}

/** What a file serves: its state (checked later against the mock's model), and the evidence it came in (its format and version checked). */
export interface FileState {
  state: unknown
  evidence?: Record<string, unknown>
}

/** The text of a state or evidence file as the state it serves; throws `StateFileError` saying why not. */
export function readStateText(text: string): FileState {
  const depth = nestingOf(text)
  if (depth > MAX_FILE_NESTING) throw new StateFileError(`nests ${depth} levels deep, over the ${MAX_FILE_NESTING} a state or evidence file may`)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new StateFileError(`is not valid JSON: ${shown((error as Error).message.replace(/\s*\n\s*/g, ' '))}`)
  }
  if (text.includes('"__proto__"') && hasPrototypeKey(text)) throw new StateFileError('has a "__proto__" key, which no state or evidence file holds')
  if (value === null || typeof value !== 'object' || !Object.hasOwn(value, 'format')) return { state: value }
  const evidence = value as Record<string, unknown>
  if (evidence.format !== EVIDENCE_FORMAT) throw new StateFileError(`has a "format" of ${shown(JSON.stringify(evidence.format) ?? 'undefined', 80)}: neither a state file nor ${EVIDENCE_FORMAT}`)
  if (evidence.version !== EVIDENCE_VERSION) {
    throw new StateFileError(`is evidence of version ${shown(JSON.stringify(evidence.version) ?? 'undefined', 20)}: this workspace-api-mock reads version ${EVIDENCE_VERSION}`)
  }
  if (evidence.state === null) throw new StateFileError(`holds no state: ${shown(String(evidence.stateLeftOut ?? 'it was left out'))}`)
  return { state: evidence.state, evidence }
}

/** Whether a `__proto__` key (not a string value) is in the text: JSON.parse gives the reviver every key. */
function hasPrototypeKey(text: string): boolean {
  let found = false
  JSON.parse(text, (key, value: unknown) => {
    found ||= key === '__proto__'
    return value
  })
  return found
}
