/**
 * What a record a person edits or adds must be (the console's and the devtools panel's Data section): a
 * field the API writes, by the API's own rule for it (its create body's: a workspace's `name` is not empty
 * here either); the whole record by its schema; its references to records that exist; an account's API key
 * its own. Checked against the store as it is, record by record: nothing is copied.
 */
import { recordStoreOf, servedSurfaceOf } from '../api/internals.ts'
import type { MockApi } from '../api/mock-api.ts'
import { createApplicationBodySchema } from '../handlers/definitions/operations/unshown.ts'
import { validate } from '../handlers/definitions/validation.ts'
import type { CollectionName } from '../model/database.ts'
import type { FieldRecord } from '../model/fields.ts'
import { withWritableFields } from '../model/record-model.ts'
import { createWorkspaceBodySchema, type ErrorDetail } from '../model/schemas.ts'
import { collectionSchemas, REFERENCES } from '../model/validate-state.ts'
import { z } from '../model/zod.ts'
import type { AnyRecord } from '../wire/admin.ts'

/** The bodies the API writes a collection's records with, whose rule a field edited here follows too. */
const API_WRITES: Partial<Record<CollectionName, { body: z.ZodMiniObject; record: FieldRecord }>> = {
  workspaces: { body: createWorkspaceBodySchema, record: 'workspace' },
  applications: { body: createApplicationBodySchema, record: 'application' },
}

/**
 * Every problem of `record` (a whole record of `collection`, `changed` its members a person set), each at
 * `body.<field>`: the API's rule for the fields it writes first, then the record's schema for the others,
 * its references, its API key.
 */
export function recordProblems(api: MockApi, collection: CollectionName, record: AnyRecord, changed: Record<string, unknown> = record): ErrorDetail[] {
  const problems = apiRuleProblems(api, collection, changed)
  const ruled = new Set(problems.map((problem) => problem.location))
  const result = z.safeParse(collectionSchemas(servedSurfaceOf(api).model)[collection], record)
  for (const issue of result.success ? [] : result.error.issues) {
    const location = ['body', ...issue.path].join('.')
    if (!ruled.has(location)) problems.push({ message: issue.message, location })
  }
  const fields = record as unknown as Record<string, unknown>
  for (const [from, field, target] of REFERENCES) {
    const value = fields[field]
    if (from === collection && typeof value === 'string' && !exists(api, target, value)) {
      problems.push({ message: `no ${target.slice(0, -1)} ${value}`, location: `body.${field}`, value })
    }
  }
  if (collection === 'accounts') {
    const owner = recordStoreOf(api).indexes.accountByApiKey(String(fields.apiKey))
    if (owner && owner.id !== record.id) problems.push({ message: 'duplicate API key: another account has it', location: 'body.apiKey' })
  }
  return problems
}

/** The problems of the members the API writes, by the API's rule (its 422 details, word for word). */
function apiRuleProblems(api: MockApi, collection: CollectionName, changed: Record<string, unknown>): ErrorDetail[] {
  const write = API_WRITES[collection]
  if (!write) return []
  const { shape } = withWritableFields(write.body, write.record, servedSurfaceOf(api).model) as z.ZodMiniObject
  const errors: ErrorDetail[] = []
  for (const [key, value] of Object.entries(changed)) if (Object.hasOwn(shape, key)) validate(shape[key]!, value, `body.${key}`, errors)
  return errors
}

/** Whether a record of `collection` has the id. */
export function exists(api: MockApi, collection: CollectionName, id: string): boolean {
  const store = recordStoreOf(api)
  if (collection === 'workspaces') return store.indexes.workspace(id) !== undefined
  if (collection === 'applications') return store.indexes.application(id) !== undefined
  return store.records(collection).some((record) => record.id === id)
}
