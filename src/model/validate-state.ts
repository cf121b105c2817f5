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
  constructor(message: string) {
    super(message)
    this.name = 'InvalidStateError'
  }
}

/**
 * Checks a whole state before it is loaded: every record against its schema, ids unique, and every
 * reference (organization, workspace, account) pointing at a record that exists.
 */
export function validateState(state: unknown): asserts state is ScenarioState {
  if (state === null || typeof state !== 'object') {
    throw new InvalidStateError('state must be an object with organizations, accounts, workspaces and applications arrays')
  }
  const input = state as Record<string, unknown>
  const ids = new Map<string, Set<string>>()
  for (const [name, schema] of Object.entries(collectionSchemas)) {
    const records = input[name]
    if (!Array.isArray(records)) throw new InvalidStateError(`state.${name} must be an array`)
    const seen = new Set<string>()
    records.forEach((record, index) => {
      const result = schema.safeParse(record)
      const id = (record as { id?: unknown } | null)?.id
      const label = `state.${name}[${index}]${typeof id === 'string' ? ` (id ${id})` : ''}`
      if (!result.success) {
        const issue = result.error.issues[0]!
        const field = issue.path.length > 0 ? issue.path.join('.') : '(record)'
        throw new InvalidStateError(`${label}: field ${field}: ${issue.message}`)
      }
      if (seen.has(id as string)) throw new InvalidStateError(`${label}: duplicate id`)
      seen.add(id as string)
    })
    ids.set(name, seen)
  }
  const valid = state as ScenarioState
  const refer = (collection: keyof ScenarioState, field: string, target: keyof ScenarioState) => {
    valid[collection].forEach((record, index) => {
      const value = (record as unknown as Record<string, string>)[field]!
      if (!ids.get(target)!.has(value)) {
        throw new InvalidStateError(
          `state.${collection}[${index}] (id ${record.id}): field ${field}: no ${target.slice(0, -1)} ${value}`,
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
      throw new InvalidStateError(`state.accounts[${index}] (id ${account.id}): field apiKey: duplicate API key`)
    }
    keys.add(account.apiKey)
  })
}
