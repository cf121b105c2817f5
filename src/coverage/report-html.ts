/**
 * A coverage document as one HTML page, without scripts: the totals and holes, then the operations by
 * their outcomes (grouped by kind: success, authentication, lookups, the body, validation, faults, paging),
 * each reached outcome linking to an example exchange below it (the request, the answer, and `why`).
 * Everything a test sent is escaped (src/text/markup-text.ts).
 */
import { markup } from '../text/markup-text.ts'
import type { CoverageDocument, CoverageExample, CoverageOutcome } from './document.ts'
import { cellOf } from './example.ts'
import { outcomeWords } from './summary.ts'

/** The columns of the table: which outcome keys each holds. */
const KINDS: ReadonlyArray<{ title: string; test: (outcome: string) => boolean }> = [
  { title: 'Success', test: (outcome) => /^[123]\d\d$/.test(outcome) },
  { title: 'Authentication', test: (outcome) => outcome.startsWith('401') },
  { title: 'Lookups', test: (outcome) => outcome.startsWith('404') },
  { title: 'Body', test: (outcome) => ['400', '413', '415'].includes(outcome) },
  { title: 'Validation', test: (outcome) => outcome.startsWith('422') },
  { title: 'Faults', test: (outcome) => outcome.startsWith('fault:') },
  { title: 'Paging', test: (outcome) => outcome.startsWith('page') },
  { title: 'Other statuses', test: (outcome) => /^[45]\d\d$/.test(outcome) && !['400', '401', '404', '413', '415'].includes(outcome) },
]

/** What a cell of the table says (its column says the rest; its title has the outcome in words). */
const SHORT: Readonly<Record<string, string>> = {
  '401:missing-header': 'missing header',
  '401:unknown-key': 'unknown key',
  '401:secret-mismatch': 'wrong secret',
  '404:workspaces:not-found': 'no such workspace',
  '404:workspaces:other-organization': "another organization's workspace",
  '404:applications:not-found': 'no such application',
  '404:applications:outside-workspace': 'application outside the workspace',
  '404:no-operation': '404 no operation',
  '400': '400 not JSON',
  '413': '413 over 1 MiB',
  '415': '415 content type',
  'fault:disconnect': 'dropped connection',
  'page:first': 'first page',
  'page:middle': 'a middle page',
  'page:last': 'last page',
  'page:past-the-end': 'past the end',
  'page_size:min': 'page_size min',
  'page_size:max': 'page_size max',
}

const STYLE = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem; color: #1d2430; background: #fff; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; } h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; }
.totals { display: flex; gap: 1rem; flex-wrap: wrap; margin: 1rem 0; }
.total { border: 1px solid #d6dbe3; border-radius: 8px; padding: .5rem .9rem; min-width: 9rem; }
.total b { display: block; font-size: 1.4rem; }
table { border-collapse: collapse; width: 100%; } th, td { border: 1px solid #d6dbe3; padding: .4rem; vertical-align: top; text-align: left; }
th { background: #f3f5f8; font-weight: 600; } td.op { white-space: nowrap; } td.op small { display: block; color: #5b6575; }
.cell { display: inline-block; margin: 2px; padding: 1px 7px; border-radius: 10px; font-size: .82rem; text-decoration: none; white-space: nowrap; }
a.cell { background: #d9f2e1; color: #0d5a2a; border: 1px solid #9ad3ae; } span.cell { background: #fbe3e3; color: #8a1c1c; border: 1px solid #eab0b0; }
a.cell:hover, a.cell:focus { outline: 2px solid #0d5a2a; }
ul.holes li { margin: .15rem 0; } details { border: 1px solid #d6dbe3; border-radius: 8px; margin: .5rem 0; padding: .4rem .8rem; }
details:target { outline: 3px solid #3b6fd6; } summary { cursor: pointer; font-weight: 600; }
pre { background: #f6f8fa; padding: .6rem; overflow: auto; max-height: 24rem; font-size: .8rem; }
.muted { color: #5b6575; }
`

/** The page of `document`. */
export function coverageHtml(document: CoverageDocument): string {
  const anchors = exampleAnchors(document.examples)
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>API coverage</title><style>${STYLE}</style></head><body>`,
    '<h1>API coverage</h1>',
    `<p class="muted">What the suite's mocks answered, of the outcomes their API has (workspace-api-mock). Green: answered, with an example; red: never answered.</p>`,
    totals(document),
    table(document, anchors),
    holes(document),
    others(document),
    examples(document.examples),
    '</body></html>',
    '',
  ].join('\n')
}

function totals({ summary, mocks }: CoverageDocument): string {
  const box = (title: string, value: string) => `<div class="total"><b>${markup(value)}</b>${markup(title)}</div>`
  const of = ({ reached, total }: { reached: number; total: number }) => `${reached} of ${total}`
  return `<div class="totals">${[
    box('operations', of(summary.operations)),
    box('outcomes', of(summary.outcomes)),
    box('decision topics', of(summary.topics)),
    box(`requests from ${mocks.length} mock${mocks.length === 1 ? '' : 's'}`, String(summary.requests)),
  ].join('')}</div>`
}

/** The first example of each cell: where a reached outcome links. */
function exampleAnchors(examples: readonly CoverageExample[]): Map<string, string> {
  const anchors = new Map<string, string>()
  examples.forEach((example, index) => {
    for (const outcome of example.outcomes) if (!anchors.has(cellOf(example.operation, outcome))) anchors.set(cellOf(example.operation, outcome), `example-${index + 1}`)
  })
  return anchors
}

function table(document: CoverageDocument, anchors: Map<string, string>): string {
  const rows = new Map<string | null, CoverageOutcome[]>()
  for (const outcome of document.outcomes) (rows.get(outcome.operation) ?? rows.set(outcome.operation, []).get(outcome.operation)!).push(outcome)
  const paths = new Map(document.operations.map((operation) => [operation.name, `${operation.method} ${operation.path}`]))
  const body = [...rows].map(([operation, outcomes]) => {
    const head = operation === null ? '<td class="op">routing<small>no operation</small></td>' : `<td class="op">${markup(operation)}<small>${markup(paths.get(operation) ?? '')}</small></td>`
    const columns = operation === null ? [outcomes.map((outcome) => cell(outcome, anchors)).join('')] : KINDS.map((kind) => outcomes.filter((outcome) => kind.test(outcome.outcome)).map((outcome) => cell(outcome, anchors)).join(''))
    return `<tr>${head}${columns.map((content, index) => `<td${operation === null && index === 0 ? ` colspan="${KINDS.length}"` : ''}>${content}</td>`).join('')}</tr>`
  })
  return `<h2>Operations by outcome</h2><table><thead><tr><th>Operation</th>${KINDS.map((kind) => `<th>${kind.title}</th>`).join('')}</tr></thead><tbody>${body.join('')}</tbody></table>`
}

function cell(outcome: CoverageOutcome, anchors: Map<string, string>): string {
  const { text, detail } = outcomeWords(outcome.outcome)
  const label = markup(SHORT[outcome.outcome] ?? detail ?? text)
  const words = `${text}${detail === undefined ? '' : ` (${detail})`}`
  const title = markup(`${words}: ${outcome.outcome}${outcome.topic ? ` — ${outcome.topic}` : ''}`)
  if (outcome.count === 0) return `<span class="cell" title="${title}, never answered">${label}</span>`
  const anchor = anchors.get(cellOf(outcome.operation, outcome.outcome))
  const href = anchor === undefined ? '' : ` href="#${anchor}"`
  return `<a class="cell"${href} title="${title}, answered ${outcome.count} times">${label} ×${outcome.count}</a>`
}

function holes({ summary }: CoverageDocument): string {
  if (summary.holes.length === 0) return '<h2>Never answered</h2><p>Every outcome was answered.</p>'
  const topics = summary.topicsNotReached.length === 0 ? '' : `<p>Decision topics no outcome reached: ${summary.topicsNotReached.map(markup).join('; ')}.</p>`
  return `<h2>Never answered</h2><ul class="holes">${summary.holes.map((hole) => `<li>${markup(hole)}</li>`).join('')}</ul>${topics}`
}

function others({ others }: CoverageDocument): string {
  if (others.length === 0) return ''
  const items = others.map((other) => `<li>${markup(outcomeWords(other.outcome).text)} on ${markup(other.operation ?? 'no operation')} ×${other.count}</li>`)
  return `<h2>Answered outside the outcomes that exist</h2><ul>${items.join('')}</ul>`
}

function examples(list: readonly CoverageExample[]): string {
  const items = list.map((example, index) => {
    const { entry } = example
    const request = { method: entry.method, url: entry.url, headers: entry.headers, ...(entry.body !== undefined && { body: entry.body }) }
    const answer = { status: entry.status, ...(entry.detail !== undefined && { detail: entry.detail }), ...(entry.responseBody !== undefined && { body: entry.responseBody }) }
    return [
      `<details id="example-${index + 1}"><summary>${markup(`${entry.method} ${entry.url}`)} → ${entry.status} <span class="muted">${markup(example.outcomes.join(', '))} · ${markup(example.shape)} · ${markup(example.mock.scenario)}, seed ${example.mock.seed}</span></summary>`,
      `<h3>Request</h3><pre>${markup(JSON.stringify(request, null, 2))}</pre>`,
      `<h3>Answer</h3><pre>${markup(JSON.stringify(answer, null, 2))}</pre>`,
      `<h3>Why</h3><pre>${markup(JSON.stringify(entry.why, null, 2))}</pre></details>`,
    ].join('')
  })
  return `<h2>Examples</h2><p class="muted">One exchange for each outcome, request shape and answer reached.</p>${items.join('')}`
}
