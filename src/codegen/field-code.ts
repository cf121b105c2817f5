/**
 * The `fields` entries of a module: one for each field the service's records carry and the mock's lack,
 * with a schema inferred from the values seen, a seeded builder that draws from them, `writable` when the
 * service took the field in a write, and a comment that says what was seen where.
 */
import { FIELD_NAME, RECORD_KEYS } from '../model/fields.ts'
import { inheritedName } from '../model/definition-error.ts'
import { commentText, docComment, key, listCode, requestText, valueCode } from './code-text.ts'
import type { Findings, FoundRecord } from './findings.ts'
import { inferShape } from './infer-shape.ts'
import { placeholder, zodCode, type Shape } from './shape.ts'

/** A field entry, ready to go in the record's object of the module. */
export interface FieldItem {
  record: FoundRecord
  name: string
  code: string
}

/** Values a builder draws from at most, and the longest one written (a longer value is left out of it). */
const MAX_DRAWN = 20
const MAX_VALUE_CODE = 300
/** Requests a comment names at most. */
const MAX_SEEN = 3
/** Fields one record gets at most from one run. */
const MAX_FIELDS = 100

const INDENT = '    '

/** The fields the records found carry that the mock lacks; `notes` says why a field is not written. */
export function fieldItems(findings: Findings): { items: FieldItem[]; notes: string[] } {
  const items: FieldItem[] = []
  const notes: string[] = []
  for (const record of ['workspace', 'application'] as const) {
    const rows = findings.records.filter((row) => row.record === record)
    const known = new Set([...RECORD_KEYS[record], ...findings.known.fields[record]])
    const names = [...new Set(rows.flatMap((row) => Object.keys(row.values)))].filter((name) => !known.has(name))
    for (const name of names.slice(0, MAX_FIELDS)) {
      const refusal = !FIELD_NAME.test(name) ? 'not letters, digits and _' : inheritedName(name)
      if (refusal !== undefined) {
        notes.push(`the ${record} field ${JSON.stringify(name)}: the kit takes no field of this name (${refusal})`)
        continue
      }
      const carrying = rows.filter((row) => Object.hasOwn(row.values, name))
      const writes = findings.writable.filter((write) => write.record === record && write.field === name)
      items.push({ record, name, code: fieldCode(record, name, carrying, rows.length, writes) })
    }
    if (names.length > MAX_FIELDS) notes.push(`${names.length - MAX_FIELDS} more ${record} fields: at most ${MAX_FIELDS} are written a run`)
  }
  return { items, notes }
}

type Row = Findings['records'][number]
type Write = Findings['writable'][number]

function fieldCode(record: FoundRecord, name: string, carrying: readonly Row[], total: number, writes: readonly Write[]): string {
  const values = carrying.map((row) => row.values[name])
  const shape = inferShape(values)
  const drawn = drawnValues(values, shape, `${INDENT}    `)
  const one = drawn[0]!.startsWith('{') ? `(${drawn[0]})` : drawn[0]
  const build = drawn.length === 1 ? `() => ${one}` : `({ faker }) => faker.helpers.arrayElement(${listCode('[', drawn, ']', `${INDENT}  `, 50)})`
  const lines = [
    docComment(fieldComment(record, name, carrying, total, shape, writes), INDENT),
    `${INDENT}${key(name)}: {`,
    `${INDENT}  schema: ${zodCode(shape, `${INDENT}  `)},`,
    `${INDENT}  build: ${build},`,
    ...(writes.length > 0 ? [`${INDENT}  writable: true,`] : []),
    `${INDENT}},`,
  ]
  return lines.join('\n')
}

/** The distinct values seen whose literals are short enough to keep (at most MAX_DRAWN), laid out at `indent`; a value that fits when none is. */
function drawnValues(values: readonly unknown[], shape: Shape, indent: string): string[] {
  const distinct = new Map<string, unknown>()
  for (const value of values) distinct.set(valueCode(value), value)
  const kept = shape.kind === 'enum' ? [...shape.values, ...(shape.nullable ? [null] : [])] : [...distinct].filter(([code]) => code.length <= MAX_VALUE_CODE).map(([, value]) => value)
  const drawn = kept.slice(0, MAX_DRAWN)
  return (drawn.length > 0 ? drawn : [placeholder(shape)]).map((value) => valueCode(value, indent))
}

/** What the comment says: where the field was seen, in how many records, its values, and whether it is writable. */
function fieldComment(record: FoundRecord, name: string, carrying: readonly Row[], total: number, shape: Shape, writes: readonly Write[]): string {
  const requests = [...new Set(carrying.map((row) => row.seen))]
  const where = requests.slice(0, MAX_SEEN).map((request) => requestText(request)).join(', ') + (requests.length > MAX_SEEN ? ` and ${requests.length - MAX_SEEN} more requests` : '')
  const plural = total === 1 ? record : `${record}s`
  const absent = carrying.length < total ? ` (the other ${total - carrying.length} lacked it: the mock builds it for every ${record})` : ''
  const writable =
    writes.length > 0
      ? ` The service took it in ${requestText(writes[0]!.seen)}: writable.`
      : record === 'workspace'
        ? ' Not seen taken in a write (verify --write tries): not writable.'
        : ''
  return `${record}.${commentText(name, 80)}: in ${carrying.length} of the ${total} ${plural} the service answered (${where})${absent}; ${valuesSaid(carrying.map((row) => row.values[name]), shape)}.${writable}`
}

/** The values in words: an enum's with their counts, a number's range, or how many distinct values. */
function valuesSaid(values: readonly unknown[], shape: Shape): string {
  const nulls = values.filter((value) => value === null).length
  const nullText = nulls > 0 ? `, null ${nulls} times` : ''
  if (shape.kind === 'enum') {
    const counts = shape.values.map((value) => `${commentText(JSON.stringify(value), 60)} ${values.filter((v) => v === value).length} times`)
    return `${counts.join(', ')}${nullText}`
  }
  const numbers = values.filter((value): value is number => typeof value === 'number')
  if (numbers.length === values.length - nulls && numbers.length > 0) return `numbers from ${Math.min(...numbers)} to ${Math.max(...numbers)}${nullText}`
  const distinct = new Set(values.map((value) => JSON.stringify(value))).size
  return `${distinct} distinct value${distinct === 1 ? '' : 's'}, such as ${commentText(JSON.stringify(values.find((value) => value !== null) ?? null), 60)}${nullText}`
}
