import type { z } from './zod.ts'
import type { ScenarioState } from './state.ts'
import {
  accountSchema,
  applicationSchema,
  organizationSchema,
  workspaceSchema,
} from './schemas.ts'

const collectionSchemas: Record<keyof ScenarioState, z.ZodMiniType> = {
  organizations: organizationSchema,
  accounts: accountSchema,
  workspaces: workspaceSchema,
  applications: applicationSchema,
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

  constructor(message: string, location = '', reason = message) {
    super(message)
    this.name = 'InvalidStateError'
    this.location = location
    this.reason = reason
  }
}

/**
 * Checks a whole state before it is loaded: every record against its schema, ids unique, and every
 * reference (organization, workspace, account) pointing at a record that exists.
 */
export function validateState(state: unknown): asserts state is ScenarioState {
  if (state === null || typeof state !== 'object') {
    const reason = 'state must be an object with organizations, accounts, workspaces and applications arrays'
    throw new InvalidStateError(reason, '', reason)
  }
  const input = state as Record<string, unknown>
  const ids = new Map<string, Set<string>>()
  for (const [name, schema] of Object.entries(collectionSchemas)) {
    const records = input[name]
    if (!Array.isArray(records)) throw new InvalidStateError(`state.${name} must be an array`, name, 'must be an array')
    const seen = new Set<string>()
    records.forEach((record, index) => {
      const result = schema.safeParse(record)
      const id = (record as { id?: unknown } | null)?.id
      const label = `state.${name}[${index}]${typeof id === 'string' ? ` (id ${id})` : ''}`
      if (!result.success) {
        const issue = result.error.issues[0]!
        const field = issue.path.length > 0 ? issue.path.join('.') : '(record)'
        const location = `${name}[${index}]${issue.path.length > 0 ? `.${issue.path.join('.')}` : ''}`
        throw new InvalidStateError(`${label}: field ${field}: ${issue.message}`, location, issue.message)
      }
      if (seen.has(id as string)) throw new InvalidStateError(`${label}: duplicate id`, `${name}[${index}].id`, 'duplicate id')
      seen.add(id as string)
    })
    ids.set(name, seen)
  }
  const valid = state as ScenarioState
  const refer = (collection: keyof ScenarioState, field: string, target: keyof ScenarioState) => {
    valid[collection].forEach((record, index) => {
      const value = (record as unknown as Record<string, string>)[field]!
      if (!ids.get(target)!.has(value)) {
        const reason = `no ${target.slice(0, -1)} ${value}`
        throw new InvalidStateError(
          `state.${collection}[${index}] (id ${record.id}): field ${field}: ${reason}`,
          `${collection}[${index}].${field}`,
          reason,
        )
      }
    })
  }
  refer('accounts', 'organization', 'organizations')
  refer('workspaces', 'organization', 'organizations')
  refer('applications', 'workspace', 'workspaces')
  const keys = new Set<string>()
  valid.accounts.forEach((account, index) => {
    if (keys.has(account.apiKey)) {
      throw new InvalidStateError(
        `state.accounts[${index}] (id ${account.id}): field apiKey: duplicate API key`,
        `accounts[${index}].apiKey`,
        'duplicate API key',
      )
    }
    keys.add(account.apiKey)
  })
}
