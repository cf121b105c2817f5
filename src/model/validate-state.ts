import type { z } from './zod.ts'
import type { ScenarioState } from './state.ts'
import { DEFAULT_MODEL, type RecordModel } from './record-model.ts'
import { accountSchema, organizationSchema } from './schemas.ts'

/** Each collection's record schema under a model (its workspaces and applications carry its fields). */
export function collectionSchemas(model: RecordModel): Record<keyof ScenarioState, z.ZodMiniType> {
  return { organizations: organizationSchema, accounts: accountSchema, workspaces: model.workspace, applications: model.application }
}

/** The references between records: a record of a collection, its member that names a record, and the collection of that. */
export const REFERENCES = [
  ['accounts', 'organization', 'organizations'],
  ['workspaces', 'organization', 'organizations'],
  ['applications', 'workspace', 'workspaces'],
] as const

/** One thing wrong with a state: where (as `InvalidStateError.location`), what, and both as one line. */
export interface StateProblem {
  location: string
  reason: string
  message: string
}

/** Thrown for a state that does not fit the model; the message names the record and the field. */
export class InvalidStateError extends TypeError {
  /**
   * Where in the state, as a path from its root: `workspaces[3].name`, `accounts[0]` (a whole record),
   * `applications` (a whole collection), or an empty string for the state itself.
   */
  readonly location: string
  /** The problem itself, without the location (`Too small: expected string to have >=1 characters`). */
  readonly reason: string
  /** Every problem `validateState` found, in the state's order; the first is this error's own. */
  readonly problems: readonly StateProblem[]

  constructor(message: string, location = '', reason = message, problems: readonly StateProblem[] = [{ location, reason, message }]) {
    super(message)
    this.name = 'InvalidStateError'
    this.location = location
    this.reason = reason
    this.problems = problems
  }
}

/**
 * Checks a whole state before it is loaded: every record against its schema (`model`: a mock's own, with
 * its fields), ids unique, and every reference (organization, workspace, account) pointing at a record that
 * exists. Throws one error for every problem found: its message, location and reason are the first one's,
 * `problems` holds them all.
 */
export function validateState(state: unknown, model: RecordModel = DEFAULT_MODEL): asserts state is ScenarioState {
  if (state === null || typeof state !== 'object') {
    const reason = 'state must be an object with organizations, accounts, workspaces and applications arrays'
    throw new InvalidStateError(reason, '', reason)
  }
  const input = state as Record<string, unknown>
  const problems: StateProblem[] = []
  const report = (label: string, location: string, reason: string, message = `${label}: ${reason}`) =>
    problems.push({ location, reason, message })
  const records = (name: keyof ScenarioState): unknown[] => (Array.isArray(input[name]) ? input[name] : [])
  const label = (name: string, index: number, record: unknown) => {
    const id = (record as { id?: unknown } | null)?.id
    return `state.${name}[${index}]${typeof id === 'string' ? ` (id ${id})` : ''}`
  }
  const ids = new Map<string, Set<string>>()
  for (const [name, schema] of Object.entries(collectionSchemas(model))) {
    const seen = new Set<string>()
    ids.set(name, seen)
    if (!Array.isArray(input[name])) {
      report(`state.${name}`, name, 'must be an array', `state.${name} must be an array`)
      continue
    }
    records(name as keyof ScenarioState).forEach((record, index) => {
      const result = schema.safeParse(record)
      const id = (record as { id?: unknown } | null)?.id
      for (const issue of result.success ? [] : result.error.issues) {
        const field = issue.path.length > 0 ? issue.path.join('.') : '(record)'
        const location = `${name}[${index}]${issue.path.length > 0 ? `.${issue.path.join('.')}` : ''}`
        report(label(name, index, record), location, issue.message, `${label(name, index, record)}: field ${field}: ${issue.message}`)
      }
      if (typeof id !== 'string') return
      if (seen.has(id)) report(label(name, index, record), `${name}[${index}].id`, 'duplicate id')
      seen.add(id)
    })
  }
  const refer = (collection: keyof ScenarioState, field: string, target: keyof ScenarioState) => {
    records(collection).forEach((record, index) => {
      const value = (record as Record<string, unknown> | null)?.[field]
      // A value of the wrong type is reported by the schema already.
      if (typeof value !== 'string' || ids.get(target)!.has(value)) return
      const reason = `no ${target.slice(0, -1)} ${value}`
      report(label(collection, index, record), `${collection}[${index}].${field}`, reason, `${label(collection, index, record)}: field ${field}: ${reason}`)
    })
  }
  for (const [from, field, target] of REFERENCES) refer(from, field, target)
  const keys = new Set<string>()
  records('accounts').forEach((account, index) => {
    const key = (account as { apiKey?: unknown } | null)?.apiKey
    if (typeof key !== 'string') return
    const reason = 'duplicate API key'
    if (keys.has(key)) report(label('accounts', index, account), `accounts[${index}].apiKey`, reason, `${label('accounts', index, account)}: field apiKey: ${reason}`)
    keys.add(key)
  })
  const [first] = problems
  if (first) throw new InvalidStateError(first.message, first.location, first.reason, problems)
}
