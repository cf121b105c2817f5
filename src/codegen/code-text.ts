/**
 * The only ways the service's text enters generated code: as a string literal, as a comment, as a JSON
 * value written as a literal, or as a name that is checked to be a plain identifier. A field named
 * `x*\/ process.exit() /*` or a path with quotes stays text: a literal escapes every quote, backslash and
 * line break (U+2028 and U+2029 too), a comment cannot be closed from inside, and a name that is not an
 * identifier is refused (by the caller) or written quoted.
 */
import { visible } from '../text/terminal-text.ts'

/** Longest line the generated code aims for. */
export const LINE = 120

/** A string as a single-quoted TypeScript literal. */
export function quote(text: string): string {
  let out = "'"
  for (const c of text) {
    const code = c.codePointAt(0)!
    if (c === "'" || c === '\\') out += `\\${c}`
    else if (c === '\n') out += '\\n'
    else if (c === '\r') out += '\\r'
    else if (c === '\t') out += '\\t'
    // Controls, line and paragraph separators, reordering marks, and halves of a surrogate pair.
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || /[\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/.test(c) || (code >= 0xd800 && code <= 0xdfff)) {
      out += `\\u${code.toString(16).padStart(4, '0')}`
    } else out += c
  }
  return `${out}'`
}

/** Text of the service's for a comment: on one line, control characters shown, `*\/` unable to close it, cut. */
export function commentText(text: string, max = 300): string {
  const safe = visible(text).replace(/\*\//g, '*\\/')
  return safe.length <= max ? safe : `${safe.slice(0, max - 1)}…`
}

/** A request the service answered (`GET /api/...`), for a comment: made safe, and kept on one line when it wraps. */
export function requestText(request: string, max = 120): string {
  return commentText(request, max).replace(' ', '\u00a0')
}

/** A `/** ... *\/` comment of words (made safe by the caller), wrapped to the line (not inside a `requestText`), at `indent`. */
export function docComment(words: string, indent: string): string {
  const width = LINE - indent.length - 3
  const lines: string[] = []
  let line = ''
  for (const word of words.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  lines.push(line)
  for (let index = 0; index < lines.length; index++) lines[index] = lines[index]!.replace(/\u00a0/g, ' ')
  if (lines.length === 1 && indent.length + lines[0]!.length + 7 <= LINE) return `${indent}/** ${lines[0]} */`
  return [`${indent}/**`, ...lines.map((text) => `${indent} * ${text}`), `${indent} */`].join('\n')
}

/** A plain identifier: usable bare as a property name (and, unless reserved, as a variable). */
export const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** A property name: bare when it is an identifier; `__proto__` computed, since a literal key would set the prototype. */
export function key(name: string): string {
  if (name === '__proto__') return `[${quote(name)}]`
  return IDENTIFIER.test(name) ? name : quote(name)
}

/**
 * A JSON value as a TypeScript literal (object keys through `key`, strings through `quote`): on one line,
 * or, given the `indent` it starts at, laid out as `listCode` lays lists out.
 */
export function valueCode(value: unknown, indent?: string): string {
  if (value === null || typeof value === 'boolean') return String(value)
  if (typeof value === 'number') return Number.isFinite(value) ? String(Object.is(value, -0) ? 0 : value) : 'null'
  if (typeof value === 'string') return quote(value)
  if (typeof value !== 'object') return 'null'
  const inner = indent === undefined ? undefined : `${indent}  `
  if (Array.isArray(value)) {
    const items = value.map((item) => valueCode(item, inner))
    return indent === undefined ? `[${items.join(', ')}]` : listCode('[', items, ']', indent)
  }
  const members = Object.entries(value).map(([name, member]) => `${key(name)}: ${valueCode(member, inner)}`)
  if (members.length === 0) return '{}'
  return indent === undefined ? `{ ${members.join(', ')} }` : listCode('{ ', members, ' }', indent)
}

/**
 * Items between `open` and `close`: on one line when it fits at `indent`, else one item a line with a
 * trailing comma (items that hold line breaks always go one a line).
 */
export function listCode(open: string, items: readonly string[], close: string, indent: string, lead = 0): string {
  if (items.length === 0) return `${open}${close}`
  const one = `${open}${items.join(', ')}${close}`
  if (!one.includes('\n') && indent.length + lead + one.length <= LINE) return one
  const inner = `${indent}  `
  return `${open.trimEnd()}\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}${close.trimStart()}`
}

/** Words JavaScript or TypeScript reserve, and the names the generated module itself declares or imports. */
const TAKEN = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import ' +
    'in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface ' +
    'package private protected public await async as of type any unknown never undefined NaN Infinity eval arguments ' +
    'fields z defineOperation RecordFields'
  ).split(' '),
)

/** Whether a name may be declared as a variable of the generated module. */
export function declarable(name: string): boolean {
  return IDENTIFIER.test(name) && !TAKEN.has(name)
}
