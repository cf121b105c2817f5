/**
 * The records of one mock: the spec's workspace and application schemas, extended with the fields the mock
 * declares (fields.ts). Everything that checks or describes a record of that mock (its collections, state
 * validation, strict mode, the JSON Schemas and OpenAPI documents) reads the schemas from here. Without
 * fields it is `DEFAULT_MODEL`, whose schemas are those of schemas.ts themselves.
 */
import { NO_FIELDS, type Field, type FieldRecord, type ModelFields } from './fields.ts'
import { applicationSchema, workspaceSchema } from './schemas.ts'
import { described, z } from './zod.ts'

export interface RecordModel {
  readonly workspace: z.ZodMiniType
  readonly application: z.ZodMiniType
  readonly fields: ModelFields
}

export const DEFAULT_MODEL: RecordModel = { workspace: workspaceSchema, application: applicationSchema, fields: NO_FIELDS }

/** The model of a mock with these fields (checked already); `DEFAULT_MODEL` when there are none. */
export function recordModel(fields: ModelFields): RecordModel {
  if (fields.workspace.length === 0 && fields.application.length === 0) return DEFAULT_MODEL
  return {
    workspace: extended(workspaceSchema, fields.workspace, 'Workspace'),
    application: extended(applicationSchema, fields.application, 'Application'),
    fields,
  }
}

/** A record schema with the fields added (strict still); the record itself without any. */
function extended(schema: z.ZodMiniObject, fields: readonly Field[], title: string): z.ZodMiniType {
  if (fields.length === 0) return schema
  const shape = Object.fromEntries(fields.map((field) => [field.name, field.schema as z.ZodMiniType]))
  return described(z.extend(schema, shape), { title })
}

/** A body schema that also takes a record's writable fields, each optional; the body itself when it has none. */
export function withWritableFields(body: z.ZodMiniType, record: FieldRecord, model: RecordModel): z.ZodMiniType {
  const writable = model.fields[record].filter((field) => field.writable)
  if (writable.length === 0) return body
  const shape = Object.fromEntries(writable.map((field) => [field.name, z.optional(field.schema as z.ZodMiniType)]))
  return z.extend(body as z.ZodMiniObject, shape)
}
