import type { ApiSurface } from '../handlers/api-surface.ts'
import type { Operation } from '../handlers/operation.ts'
import { apiSurface } from '../handlers/routing/operation-table.ts'
import { checkFields, type RecordFields } from '../model/fields.ts'
import { recordModel } from '../model/record-model.ts'

// Per `operations` list and `fields` object: the demo server's sessions and Storybook's renders make many mocks
// from the same options, and share one surface (its schema documents are cached per surface).
const surfaces = new WeakMap<object, WeakMap<object, ApiSurface<Operation>>>()
const NONE = {}

/**
 * Not public API: the API surface of a mock with these options: its operations of your own and its fields,
 * checked (`DefinitionError` names the key) and the same object for the same options.
 */
export function surfaceOf(options: { operations?: readonly Operation[]; fields?: RecordFields }): ApiSurface<Operation> {
  const operations = options.operations ?? []
  if (!Array.isArray(operations)) throw new TypeError('operations must be an array of operations made by defineOperation')
  const fields = options.fields ?? NONE
  let byFields = surfaces.get(operations)
  if (byFields === undefined) surfaces.set(operations, (byFields = new WeakMap()))
  let surface = byFields.get(fields)
  if (surface === undefined) {
    surface = apiSurface(operations, recordModel(checkFields(options.fields)))
    if (typeof fields === 'object' && fields !== null) byFields.set(fields, surface)
  }
  return surface
}
