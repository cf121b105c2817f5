/**
 * Fields of the user's own on the built-in records: a zod schema and a seeded builder each. A declared field
 * is part of the record everywhere (schemas, generated data, states, envelopes, documents); this module
 * checks the declarations and builds the values. Each field draws from a random source of its own, seeded
 * by the mock's seed and the field's name, so that declaring a field changes no other value of the data.
 */
import { DefinitionError, inheritedName, isZodSchema, literalPrototype, messageOf, notZod } from './definition-error.ts'
import { isJson, notJsonKind } from './json-values.ts'
import { createRandom, type Random } from './random.ts'
import { applicationSchema, workspaceSchema, type Application, type Workspace } from './schemas.ts'
import type { ScenarioState } from './state.ts'
import { z } from './zod.ts'

/** Any zod 4 schema: classic (`import { z } from 'zod'`, the kit's `z`) or `zod/mini`, any copy of zod 4. */
export type AnySchema = z.core.$ZodType

/** A field of your own on a built-in record. */
export interface FieldDefinition<R = Record<string, unknown>> {
  /** Its values (any zod 4 schema); it checks states, bodies and, in strict mode, what is served. */
  schema: AnySchema
  /** The value of a generated record: `faker` is seeded (the same seed gives the same values), `record` the rest of it. */
  build: (input: { faker: Random; record: Readonly<R> }) => unknown
  /** Whether the kit's create and update bodies take it (default false: the service sets it). */
  writable?: boolean
}

/** `createMockApi`'s `fields`: fields of your own on workspaces and applications, by name. */
export interface RecordFields {
  workspace?: Readonly<Record<string, FieldDefinition<Workspace>>>
  application?: Readonly<Record<string, FieldDefinition<Application>>>
}

/** The records that take fields of their own. */
export type FieldRecord = 'workspace' | 'application'

/** A checked field. */
export interface Field {
  readonly name: string
  readonly schema: AnySchema
  readonly build: FieldDefinition<never>['build']
  readonly writable: boolean
}

/** Every record's checked fields, in the order they were declared. */
export type ModelFields = Readonly<Record<FieldRecord, readonly Field[]>>

export const NO_FIELDS: ModelFields = { workspace: [], application: [] }

/** The members the spec's records have: no field of your own may take their names. */
export const RECORD_KEYS: Record<FieldRecord, ReadonlySet<string>> = {
  workspace: new Set(Object.keys(workspaceSchema.def.shape)),
  application: new Set(Object.keys(applicationSchema.def.shape)),
}

/** What a field's name must look like (src/codegen/ writes only fields that do). */
export const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/** Checks the `fields` option; throws `DefinitionError` naming the key at fault. */
export function checkFields(fields: RecordFields | undefined): ModelFields {
  if (fields === undefined) return NO_FIELDS
  if (fields === null || typeof fields !== 'object') throw new DefinitionError('fields', 'must be an object with workspace and/or application')
  for (const record of Object.keys(fields)) {
    if (!Object.hasOwn(RECORD_KEYS, record)) throw new DefinitionError(`fields.${record}`, 'no such record (fields go on workspace or application)')
  }
  return { workspace: fieldsOf('workspace', fields.workspace), application: fieldsOf('application', fields.application) }
}

function fieldsOf(record: FieldRecord, definitions: RecordFields[FieldRecord]): Field[] {
  if (definitions === undefined) return []
  if (definitions === null || typeof definitions !== 'object') throw new DefinitionError(`fields.${record}`, 'must be an object of fields by name')
  const literal = literalPrototype(definitions)
  if (literal !== undefined) throw new DefinitionError(`fields.${record}.__proto__`, literal)
  return Object.entries(definitions).map(([name, definition]) => {
    const key = `fields.${record}.${name}`
    if (!FIELD_NAME.test(name)) throw new DefinitionError(key, 'a field name is letters, digits and _, not starting with a digit')
    if (RECORD_KEYS[record].has(name)) throw new DefinitionError(key, `the ${record} record has this field already`)
    const inherited = inheritedName(name)
    if (inherited !== undefined) throw new DefinitionError(key, inherited)
    const { schema, build, writable } = (definition ?? {}) as Partial<FieldDefinition>
    if (!isZodSchema(schema)) throw new DefinitionError(`${key}.schema`, notZod(schema))
    const kind = notJsonKind(schema!)
    if (kind !== undefined) throw new DefinitionError(`${key}.schema`, `its values cannot be JSON (a ${kind} schema), and the kit serves records as JSON`)
    if (typeof build !== 'function') throw new DefinitionError(`${key}.build`, 'must be a function ({ faker, record }) => value')
    if (writable !== undefined && typeof writable !== 'boolean') throw new DefinitionError(`${key}.writable`, 'must be true or false')
    return { name, schema: schema!, build: build as Field['build'], writable: writable ?? false }
  })
}

/** Seeds of the fields' random sources: the mock's seed, this stream, and a hash of `record.field`. */
const FIELD_STREAM = 0xf1e1d

/** A string's 32-bit FNV-1a hash: a field's name as a seed. */
function hash(text: string): number {
  let value = 0x811c9dc5
  for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193)
  return value >>> 0
}

/** One seeded source per field, made on first use; `run` tells a run-time source from a build's. */
export class FieldSources {
  readonly #seed: number
  readonly #run: number
  readonly #sources = new Map<string, Random>()

  constructor(seed: number, run = 0) {
    this.#seed = seed
    this.#run = run
  }

  of(record: FieldRecord, field: string): Random {
    const key = `${record}.${field}`
    let source = this.#sources.get(key)
    if (source === undefined) this.#sources.set(key, (source = createRandom([this.#seed, FIELD_STREAM, hash(key), this.#run])))
    return source
  }
}

/**
 * The value of each declared field that `record` lacks, built and checked against its schema (the parsed
 * output is kept). A builder that returns a value its schema refuses is a bad definition: a
 * `DefinitionError` naming the field and the record.
 */
export function missingFieldValues(
  record: FieldRecord,
  values: Readonly<Record<string, unknown>>,
  fields: readonly Field[],
  sources: FieldSources,
): Record<string, unknown> {
  const built: Record<string, unknown> = {}
  for (const field of fields) {
    if (values[field.name] !== undefined) continue
    const id = typeof values.id === 'string' ? ` for ${record} ${values.id}` : ''
    const fail = (reason: string): never => {
      throw new DefinitionError(`fields.${record}.${field.name}.build`, reason)
    }
    let value: unknown
    try {
      value = field.build({ faker: sources.of(record, field.name), record: values as never })
    } catch (error) {
      fail(`threw${id}: ${messageOf(error)}`)
    }
    const result = z.safeParse(field.schema, value)
    if (!result.success) fail(`returned ${shown(value)}${id}, which the field's schema refuses: ${result.error.issues[0]!.message}`)
    if (!isJson(result.data)) fail(`returned ${shown(value)}${id}, which JSON cannot carry`)
    built[field.name] = result.data
  }
  return built
}

/** A built value in a message: its JSON, or its kind (`[object Map]`) when it is no JSON value. */
const shown = (value: unknown): string => (isJson(value) ? JSON.stringify(value) : Object.prototype.toString.call(value))

/**
 * Gives every workspace and application of a state (its own records, not yet frozen) the declared fields it
 * lacks, in place, in the state's order: a state from before a field was declared still loads.
 */
export function completeFields(state: ScenarioState, fields: ModelFields, seed: number): ScenarioState {
  if (fields.workspace.length === 0 && fields.application.length === 0) return state
  const sources = new FieldSources(seed)
  const complete = (record: FieldRecord, records: readonly object[]) => {
    for (const value of records) {
      if (Object.isFrozen(value)) continue
      Object.assign(value, missingFieldValues(record, value as Record<string, unknown>, fields[record], sources))
    }
  }
  complete('workspace', state.workspaces)
  complete('application', state.applications)
  return state
}
