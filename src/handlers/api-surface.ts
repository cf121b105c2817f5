/**
 * The API one mock serves, as data: its operations in routing order (the spec's six, yours, then the kit's
 * own routes), its records (with the fields it declares), the schema documents it serves, and each body as
 * it validates it. Every part of the kit that lists or describes operations reads it from here (routing, a
 * 405's `Allow`, `/api/schemas/`, the OpenAPI documents, the admin's and MCP's lists, `verify`), so an
 * operation or field of your own is everywhere the built-ins are. operation-table.ts builds it.
 */
import type { AnySchema } from '../model/fields.ts'
import { DEFAULT_MODEL, withWritableFields, type RecordModel } from '../model/record-model.ts'
import { envelopeSchema, servedSchemas } from '../model/schemas.ts'
import type { z } from '../model/zod.ts'
import type { OperationSpec } from './operation-spec.ts'

export interface ApiSurface<Op extends OperationSpec = OperationSpec> {
  /** Every route, in routing order: the API's operations, then the kit's own (schemas, icons, documents). */
  readonly operations: readonly Op[]
  /** The API's operations, as the OpenAPI document publishes them. */
  readonly published: readonly Op[]
  readonly model: RecordModel
  /** The documents served under `/api/schemas/<Name>.json`: each success envelope, and ErrorModel. */
  readonly served: ReadonlyMap<string, z.ZodMiniType>
  /** An operation's body as this mock validates it (with the writable fields it takes); undefined without one. */
  bodyOf(operation: OperationSpec): AnySchema | undefined
}

/**
 * The success envelopes of `published` over the model's records (and records of your own), then
 * ErrorModel: the spec's four first, in their order, so that a mock without operations or fields of its own
 * serves the very schemas of schemas.ts.
 */
export function servedOf(published: readonly OperationSpec[], model: RecordModel): Map<string, z.ZodMiniType> {
  const served = new Map<string, z.ZodMiniType>(Object.entries(servedSchemas).filter(([name]) => name !== 'ErrorModel'))
  for (const { response } of published) {
    if (response === undefined || response.shape === 'none') continue
    const { record, shape, schema: name } = response
    const builtIn = typeof record === 'string'
    const schema = (builtIn ? model[record] : record.schema) as z.ZodMiniType
    // The spec's envelopes stay those of schemas.ts unless their record has fields of the user's own.
    if (!(builtIn && served.has(name) && schema === DEFAULT_MODEL[record])) served.set(name, envelopeSchema(shape, name, schema))
  }
  served.set('ErrorModel', servedSchemas.ErrorModel)
  return served
}

/** Each operation's body schema, with writable fields added where it takes them, made on first use. */
export function bodiesOf(model: RecordModel): (operation: OperationSpec) => AnySchema | undefined {
  const bodies = new Map<OperationSpec, AnySchema | undefined>()
  return (operation) => {
    const contract = operation.contract
    if (contract?.body === undefined) return undefined
    let body = bodies.get(operation)
    if (body === undefined) {
      body = contract.bodyFields === undefined ? contract.body : withWritableFields(contract.body as z.ZodMiniType, contract.bodyFields, model)
      bodies.set(operation, body)
    }
    return body
  }
}

/** The component name of an operation's body: Huma's, for a Go input struct `<Name>Input` with a `Body`. */
export function bodyName(operation: OperationSpec): string {
  return `${operation.name[0]!.toUpperCase()}${operation.name.slice(1)}InputBody`
}
