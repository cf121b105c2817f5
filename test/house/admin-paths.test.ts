/**
 * The admin protocol is one table (src/wire/admin-routes.ts): outside it, no code of src/ spells an admin
 * route's path. Read with oxc's parser, so that comments (which may name routes) are not code: every string,
 * template and regular expression literal is held to two rules, the route names taken from the table.
 *
 * - No path under `__admin/` that starts with a route's name (`/__admin/faults`, `${base}/__admin/sessions`),
 *   except in prose naming a route: after its method (`POST /__admin/sessions`), in the `{id}` notation, or
 *   as a Markdown code span.
 * - No route piece joined by hand: a literal that is a path starting with a route's name and a slash
 *   (`'faults/'`, `/^journal\/(\d+)$/`), or that follows a prefix built in the same template
 *   (`${prefix}/faults`, `${admin}faults`).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseSync, Visitor } from 'oxc-parser'
import { describe, expect, test } from 'vitest'
import { ADMIN_ROUTE_NAMES } from '../../src/wire/admin-routes.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const TABLE = 'src/wire/admin-routes.ts'
const NAMES = ADMIN_ROUTE_NAMES.join('|')

/** `__admin/` and a route's name, as a whole segment. */
const UNDER_PREFIX = new RegExp(`__admin/(?:${NAMES})(?![\\w-])`, 'g')
/** A piece of a path: a route's name as its first segment, then a slash or the end (no spaces: no prose). */
const PIECE = new RegExp(`^/?(?:${NAMES})(?:[/?]\\S*)?$`)
/** A route's name as a segment of a regular expression's path (`(^|/)faults$`, `journal/(\d+)`). */
const ROUTE_IN_PATTERN = new RegExp(`(?:^|[(|/)])(?:${NAMES})(?=[/$)|]|$)`)
const METHOD_BEFORE = /\b(?:GET|HEAD|POST|PUT|PATCH|DELETE) $/
/** What ends a path in text: spaces, quotes, brackets, punctuation of a sentence. */
const BOUNDARY = /[\s'"`()<>,;]/

/** The literals of `code` that spell an admin path by hand. */
export function handSpelled(file: string, code: string): string[] {
  const { program, errors } = parseSync(file, code)
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]!.message}`)
  const found: string[] = []
  new Visitor({
    Literal(node) {
      if (typeof node.value === 'string' && (underPrefix(node.value) || isPiece(node.value, false))) found.push(node.value)
      if ('regex' in node && node.regex) {
        const pattern = node.regex.pattern.replaceAll('\\/', '/').replace(/^\^/, '')
        if (underPrefix(pattern) || (pattern.includes('/') && ROUTE_IN_PATTERN.test(pattern))) found.push(`/${node.regex.pattern}/`)
      }
    },
    TemplateLiteral(node) {
      const pieces = node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw)
      const text = pieces.join('${}')
      if (underPrefix(text) || pieces.some((piece, index) => isPiece(piece, index > 0))) found.push(text)
    },
  }).visit(program)
  return found
}

function underPrefix(text: string): boolean {
  return [...text.matchAll(UNDER_PREFIX)].some((match) => {
    let start = match.index
    while (start > 0 && !BOUNDARY.test(text[start - 1]!)) start--
    let end = match.index + match[0].length
    while (end < text.length && !BOUNDARY.test(text[end]!)) end++
    const word = text.slice(start, end)
    const before = text.slice(0, start)
    const prose = /(?<!\$)\{\w+\}/.test(word) || (word.startsWith('/__admin/') && METHOD_BEFORE.test(before)) || (before.endsWith('`') && text[end] === '`')
    return !prose
  })
}

/** A literal that is a route piece: with a slash, or (in a template) right after what was interpolated. */
function isPiece(text: string, afterPrefix: boolean): boolean {
  if (!PIECE.test(text) || /(?<!\$)\{\w+\}/.test(text)) return false
  return text.includes('/') || afterPrefix
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

describe('the admin protocol is one table', () => {
  test(`no file of src/ but ${TABLE} spells an admin route's path`, () => {
    const spelled = sourceFiles('src')
      .filter((file) => file !== TABLE)
      .flatMap((file) => handSpelled(file, readFileSync(join(ROOT, file), 'utf8')).map((literal) => `${file}: ${literal}`))
    expect(spelled).toEqual([])
  })

  test('the rule can fail: paths and pieces spelled by hand are found, prose and route names are not', () => {
    const code = [
      "fetch(`${base}/__admin/sessions`)",
      "fetch('/__admin/faults/3')",
      'fetch(`${prefix}/journal/${seq}`)',
      'fetch(`${admin}reset`)',
      "call('records/' + name)",
      '/^faults\\/(\\d+)$/.exec(route)',
      '/(^|\\/)scenario$/.test(route)',
      'new RegExp("x")',
      "throw new Error('delete one (DELETE /__admin/sessions/{id}) first')",
      "help('under /__admin/sessions/{id}/ for a session')",
      'const doc = `or \\`/__admin/faults\\` on the demo server`',
      "wireAnswer('GET journal/{seq}', entry)",
      "h('section', { id: 'faults' })",
      'const text = `${count} faults`',
      '// fetch("/__admin/faults")',
    ].join(';\n')
    expect(handSpelled('made.ts', code)).toEqual([
      '${}/__admin/sessions',
      '/__admin/faults/3',
      '${}/journal/${}',
      '${}reset',
      'records/',
      '/^faults\\/(\\d+)$/',
      '/(^|\\/)scenario$/',
    ])
  })
})
