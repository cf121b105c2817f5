/**
 * The API surface of one mock (api-surface.ts) with its operations as the pipeline runs them: the spec's
 * six, then the operations of your own, then the kit's routes. What no single definition can know is
 * checked here, once per mock: names and routes are unique, and no route of yours takes one of the kit's.
 */
import { DefinitionError } from '../../model/definition-error.ts'
import type { FieldRecord } from '../../model/fields.ts'
import { DEFAULT_MODEL, type RecordModel } from '../../model/record-model.ts'
import { bodiesOf, servedOf, type ApiSurface } from '../api-surface.ts'
import { isDefined } from '../definitions/definition.ts'
import type { Operation } from '../operation.ts'
import { kitRoutes } from './route-patterns.ts'
import { publishedOperations } from '../definitions/operations/published.ts'

/** The OpenAPI components the kit names itself (a record of your own may not take one of these names). */
/** Schema names the kit's documents use for their own records: no record of your own may take one. */
export const KIT_COMPONENTS = new Set([
  'ErrorModel', 'ErrorDetail', 'Workspace', 'Application', 'Icons', 'GatewayEntry', 'GroupOrUserEntry', 'PolicyEntry',
])

/** Routes the demo server answers before the API's (its reference page). */
export const RESERVED = [{ name: 'reference page', method: 'GET', path: '/api/docs' }] as const

/** The surface of a mock with these operations of your own and this record model. */
export function apiSurface(own: readonly Operation[], model: RecordModel): ApiSurface<Operation> {
  if (own.length === 0 && model === DEFAULT_MODEL) return DEFAULT_SURFACE
  checkTable(own, model)
  const published = [...publishedOperations, ...own]
  return surface(published, model)
}

function surface(published: readonly Operation[], model: RecordModel): ApiSurface<Operation> {
  return {
    operations: [...published, ...kitRoutes],
    published,
    model,
    served: servedOf(published, model),
    bodyOf: bodiesOf(model),
  }
}

/** The surface of a mock without operations or fields of its own. */
export const DEFAULT_SURFACE: ApiSurface<Operation> = surface(publishedOperations, DEFAULT_MODEL)

function checkTable(own: readonly Operation[], model: RecordModel): void {
  const taken: Array<{ name: string; method: string; path: string; kit: boolean }> = [
    ...[...publishedOperations, ...kitRoutes].map(({ name, method, path }) => ({ name, method, path, kit: true })),
    ...RESERVED.map((route) => ({ ...route, kit: true })),
  ]
  const records = new Map<string, unknown>()
  own.forEach((operation, index) => {
    if (!isDefined(operation)) throw new DefinitionError(`operations[${index}]`, 'not an operation made by defineOperation')
    const { name, method, path } = operation
    for (const other of taken) {
      if (other.name === name) throw new DefinitionError('name', other.kit ? 'is the name of one of the kit\'s operations' : 'another operation has this name', name)
      if (other.method === method && overlap(other.path, path)) {
        throw new DefinitionError('path', `${method} ${shown(path)} is the route of ${other.kit ? 'the kit\'s ' : ''}${other.name} already (${method} ${shown(other.path)})`, name)
      }
    }
    taken.push({ name, method, path, kit: false })
    checkFieldsDeclared(operation, model)
    const record = operation.response?.shape === 'none' ? undefined : operation.response?.record
    if (record === undefined || typeof record === 'string') return
    if (KIT_COMPONENTS.has(record.name)) throw new DefinitionError('response.record.name', `${record.name} is the name of one of the kit's schemas`, name)
    if (records.has(record.name) && records.get(record.name) !== record.schema) {
      throw new DefinitionError('response.record.name', `${record.name} names another schema in another operation already`, name)
    }
    records.set(record.name, record.schema)
  })
}

/** The fields an operation is typed with are the mock's, schema for schema: otherwise its types would lie. */
function checkFieldsDeclared({ name, fields }: Operation, model: RecordModel): void {
  for (const [record, byName] of Object.entries(fields ?? {}) as Array<[FieldRecord, Record<string, { schema: unknown }>]>) {
    for (const [field, { schema }] of Object.entries(byName ?? {})) {
      const declared = model.fields[record].find((candidate) => candidate.name === field)
      if (declared?.schema !== schema) throw new DefinitionError(`fields.${record}.${field}`, `the mock ${declared ? 'declares this field with another schema' : 'does not declare this field'}: give it the same fields`, name)
    }
  }
}

/** Whether two MSW path templates match a common path (a parameter matches any segment). */
export function overlap(a: string, b: string): boolean {
  const first = a.split('/')
  const second = b.split('/')
  return first.length === second.length && first.every((segment, index) => segment === second[index] || segment.startsWith(':') || second[index]!.startsWith(':'))
}

/** A path in the spec's syntax, as messages show it. */
const shown = (path: string) => path.replace(/:(\w+)/g, '{$1}')
