/**
 * What a check compares: each aspect reads one thing of an answer (its status, a header, the problem's
 * title, the field set of its records, ...) as a short string. The same aspect of the reference's answer
 * is the expectation, so the mock's own code decides what is expected, never a second copy of it here.
 */
import { compareByCreatedThenId } from '../model/ordering.ts'
import type { Answer } from './answer.ts'
import type { Judge } from './openapi-judge.ts'

/** What a side knows after discovery, for the aspects that compare with it. */
export interface Discovered {
  base: string
  workspaceId: string | undefined
  applicationId: string | undefined
  /** Applications in the workspace. */
  total: number | undefined
  /** The workspace the write probes update: the one `--workspace-id` names, else the one they create. */
  writeTo?: Record<string, unknown>
}

export type Aspect = (answer: Answer, side: Discovered, operation: string | undefined, judge: Judge) => string | undefined

type Row = Record<string, unknown>

const body = (answer: Answer): Row => (answer.json !== null && typeof answer.json === 'object' ? (answer.json as Row) : {})
const records = (answer: Answer): Row[] => {
  const data = body(answer).data
  return (Array.isArray(data) ? data : data && typeof data === 'object' ? [data] : []) as Row[]
}
const header = (name: string): Aspect => (answer) => answer.headers.get(name) ?? '(absent)'

/** The shape of an id: its prefix and the form of the rest (`wse_<32 hex>`). */
export function idShape(id: unknown): string {
  if (typeof id !== 'string') return `(${typeof id})`
  const match = /^([a-z]+)_([0-9a-f]+)$/.exec(id)
  return match ? `${match[1]}_<${match[2]!.length} hex>` : `(unlike prefix_hex: ${id.slice(0, 40)})`
}

const distinct = (values: string[]): string => [...new Set(values)].sort().join(', ') || '(no records)'

function timestamps(answer: Answer): string | undefined {
  const rows = records(answer)
  if (rows.length === 0) return undefined
  for (const row of rows) {
    for (const key of ['created', 'updated']) {
      const value = row[key]
      if (!Number.isInteger(value) || String(value).length !== 13) return `${key} is ${JSON.stringify(value)}, not 13-digit epoch ms`
    }
    if ((row.created as number) > (row.updated as number)) return 'created later than updated'
  }
  return '13-digit epoch ms, created <= updated'
}

function order(answer: Answer): string | undefined {
  const rows = records(answer) as Array<{ created: number; id: string }>
  if (rows.length < 2) return undefined
  const sorted = rows.every((row, index) => index === 0 || compareByCreatedThenId(rows[index - 1]!, row) <= 0)
  return sorted ? 'created ascending, then id' : 'not in created, id order'
}

function icons(answer: Answer): string | undefined {
  const rows = records(answer)
  if (rows.length === 0) return undefined
  const shapes = rows.map((row) => {
    const urls = (row.icons ?? {}) as Record<string, unknown>
    return Object.keys(urls)
      .sort()
      .map((key) => `${key} ${String(urls[key]).replace(/^.*\/api\/icons\/img_[0-9a-f]+/, '/api/icons/img_<hex>')}`)
      .join(', ')
  })
  return distinct(shapes)
}

/** A value's JSON type: `string`, `number`, `boolean`, `null`, `array` or `object`. */
function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
}

/** Each field with the type of its value (`created number, name string`), over every record. */
function fieldTypes(answer: Answer): string | undefined {
  const rows = records(answer)
  if (rows.length === 0) return undefined
  return distinct(rows.map((row) => Object.keys(row).sort().map((key) => `${key} ${typeOf(row[key])}`).join(', ')))
}

/** The members of a problem, and of its `errors` entries: the problem's shape. */
function problemMembers(answer: Answer): string | undefined {
  const problem = body(answer)
  if (problem.title === undefined && problem.status === undefined) return undefined
  const errors = Array.isArray(problem.errors) ? problem.errors.filter((error): error is Row => error !== null && typeof error === 'object') : []
  const entries = errors.length === 0 ? '' : `; errors: ${distinct(errors.map((error) => Object.keys(error).sort().join(',')))}`
  return `${Object.keys(problem).sort().join(',')}${entries}`
}

export const ASPECTS = {
  status: (answer) => String(answer.status),
  'content-type': (answer) => answer.headers.get('Content-Type')?.split(';')[0]?.trim() ?? '(absent)',
  link: header('Link'),
  'www-authenticate': header('WWW-Authenticate'),
  allow: header('Allow'),
  '$schema': (answer, side) => {
    const value = body(answer).$schema
    return typeof value === 'string' ? value.replace(side.base, '<base>') : '(absent)'
  },
  title: (answer) => String(body(answer).title ?? '(absent)'),
  'error-locations': (answer) => {
    const errors = body(answer).errors
    return Array.isArray(errors) ? (errors as Row[]).map((error) => String(error.location)).sort().join(', ') : '(none)'
  },
  'error-value': (answer) => {
    const errors = body(answer).errors
    return Array.isArray(errors) && errors.length > 0 ? JSON.stringify((errors[0] as Row).value) ?? '(no value)' : '(none)'
  },
  fields: (answer) => {
    const rows = records(answer)
    if (rows.length === 0) return undefined
    return distinct(rows.map((row) => Object.keys(row).sort().join(',')))
  },
  'field-types': fieldTypes,
  'problem-members': problemMembers,
  total: (answer) => {
    const { total } = body(answer)
    return total === undefined ? undefined : `total ${JSON.stringify(total)}`
  },
  'id-shape': (answer) => (records(answer).length === 0 ? undefined : distinct(records(answer).map((row) => idShape(row.id)))),
  timestamps,
  order,
  icons,
  paging: (answer) => {
    const { current_page: page, page_size: size } = body(answer)
    return page === undefined && size === undefined ? '(no paging members)' : `current_page ${String(page)}, page_size ${String(size)}`
  },
  'past-the-end': (answer, side) => {
    const { data, total } = body(answer)
    return `${Array.isArray(data) ? data.length : 'no'} records, total ${total === side.total ? 'as on page 1' : String(total)}`
  },
  'schema-document': (answer) => String(body(answer).$schema ?? '(absent)'),
  'component-names': (answer) => {
    const schemas = (body(answer).components as { schemas?: Record<string, unknown> } | undefined)?.schemas
    return schemas ? Object.keys(schemas).sort().join(', ') : '(none)'
  },
  'openapi-version': (answer) => String(body(answer).openapi ?? '(absent)').replace(/^(\d+\.\d+)\.\d+$/, '$1.x'),
  'create-defaults': (answer) => {
    const [record] = records(answer)
    return record ? `domain ${JSON.stringify(record.domain)}, modified_by ${record.modified_by === record.created_by ? 'the creator' : 'another account'}` : undefined
  },
  'update-stamps': (answer, side) => {
    const [record] = records(answer)
    const before = side.writeTo
    if (!record || !before) return undefined
    const later = (record.updated as number) > (before.updated as number)
    return `updated ${later ? 'later than before' : 'not later'}, name ${record.name === before.name ? 'kept' : 'changed'}`
  },
  declared: (answer, _side, operation, judge) => judge.declaredStatus(answer, operation),
  schema: (answer, _side, operation, judge) => judge.declaredSchema(answer, operation),
} satisfies Record<string, Aspect>

export type AspectName = keyof typeof ASPECTS
