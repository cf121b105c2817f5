/**
 * What makes two exchanges the same interaction, and how the contract says it in words: the operation, the
 * outcome (the status, and why the mock answered so: `why`), and the request's shape (which query
 * parameters, which documented headers were left out, the body's members and their types). Exchanges a
 * provider cannot be held to are left out: a disconnect (no answer), an answer of the test's own
 * (`api.override`), the kit's failure, and a request the API does not take: a body of a media type the
 * operation does not list (the document would not hold it), a JSON body that is not JSON (Pact's JavaScript
 * verifier parses JSON bodies on their way to the provider and answers such a request itself), a body too
 * large for the journal to keep (its JSON is cut: not JSON).
 */
import { statusTitle } from '../handlers/reply/problem.ts'
import type { TracedKnob } from '../handlers/trace.ts'
import type { DocumentOperation } from './document.ts'
import type { ContractExchange } from './input.ts'

export interface Outcome {
  /** Equal for exchanges of the same interaction. */
  key: string
  /** The interaction's description: `Get workspace: 404 Not Found, a workspace of another organization`. */
  words: string
}

/** Knobs an operation consults on some requests only: one that took part makes an outcome of its own. */
const SOMETIMES: Record<TracedKnob, string> = { pastTheEnd: 'past the last page' }

const LEFT_OUT = new Set(['override', 'error', 'route'])

const LOOKUP_WORDS: Record<string, string> = {
  'other-organization': 'of another organization',
  'outside-workspace': 'in another workspace',
  'not-found': 'that does not exist',
}

const REFUSAL_WORDS: Record<string, string> = {
  'unknown-key': 'an API key no principal has',
  'secret-mismatch': "an API secret that is not the key's",
}

/** The interaction an exchange belongs to; undefined for one left out. */
export function outcomeOf(exchange: ContractExchange, operation: DocumentOperation): Outcome | undefined {
  const { decision, caller } = exchange.why
  if (exchange.status < 100 || exchange.status === 413 || LEFT_OUT.has(decision.kind)) return undefined
  if (exchange.body !== undefined && !takesBody(exchange, operation)) return undefined
  let why: string[] = []
  if (decision.kind === 'lookup') why = [decision.collection, decision.reason]
  else if (decision.kind === 'validation') why = [...new Set(decision.problems.map((problem) => problem.location))].sort()
  else if (decision.kind === 'fault') why = [decision.fault.type]
  else if (caller.kind === 'refused') why = caller.reason === 'missing-header' ? [caller.reason, ...caller.missing] : [caller.reason]
  else why = Object.keys(SOMETIMES).filter((knob) => exchange.why.profile?.[knob] !== undefined)
  const shape = shapeOf(exchange, operation)
  return {
    key: JSON.stringify([operation.id, exchange.status, decision.kind, why, shape.key]),
    words: `${operation.summary}: ${exchange.status}${statusWords(exchange.status)}${reasonWords(exchange, why)}${shape.words}`,
  }
}

/** Whether the body is one the operation takes: of a media type it lists, and JSON when that type is JSON. */
function takesBody(exchange: ContractExchange, operation: DocumentOperation): boolean {
  const type = (exchange.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  if (!operation.bodyTypes.includes(type)) return false
  return typeof exchange.body !== 'string' || !/json/.test(type)
}

const SUCCESS: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content' }

function statusWords(status: number): string {
  const words = status >= 400 ? statusTitle(status) : SUCCESS[status]
  return words === undefined ? '' : ` ${words}`
}

function reasonWords(exchange: ContractExchange, why: string[]): string {
  const { decision, caller } = exchange.why
  if (decision.kind === 'lookup') return `, ${decision.collection.replace(/s$/, '')} ${LOOKUP_WORDS[decision.reason] ?? decision.reason}`
  if (decision.kind === 'validation') return `, invalid ${why.join(', ')}`
  if (decision.kind === 'fault') return ', the operation fails'
  if (caller.kind === 'refused') return `, ${caller.reason === 'missing-header' ? `without ${caller.missing.join(' and ')}` : REFUSAL_WORDS[caller.reason]}`
  return why.map((knob) => `, ${SOMETIMES[knob as TracedKnob]}`).join('')
}

/** The request's shape: query parameter names, documented headers left out, the body's members and types. */
function shapeOf(exchange: ContractExchange, operation: DocumentOperation): { key: string; words: string } {
  const query = Object.keys(exchange.query).sort()
  const without = operation.headers.filter((name) => exchange.headers[name.toLowerCase()] === undefined)
  const body = exchange.body
  const members = body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).sort() : []
  const words = [
    query.length > 0 ? `query ${query.join(', ')}` : '',
    members.length > 0 ? `body ${members.join(', ')}` : body === undefined ? '' : `a ${typeOf(body)} body`,
    without.length > 0 ? `no ${without.join(', ')}` : '',
  ].filter((part) => part !== '')
  return { key: JSON.stringify([query, without, skeleton(body, 8)]), words: words.length > 0 ? ` (${words.join('; ')})` : '' }
}

/** The body's members and their types, `depth` levels down: two bodies of one skeleton are one shape. */
function skeleton(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return typeOf(value)
  if (depth === 0) return 'deeper'
  if (Array.isArray(value)) return [...new Set(value.map((item) => JSON.stringify(skeleton(item, depth - 1))))].sort()
  return Object.keys(value)
    .sort()
    .map((key) => [key, skeleton((value as Record<string, unknown>)[key], depth - 1)])
}

function typeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value === 'string' ? 'text' : typeof value
}
