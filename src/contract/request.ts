/**
 * The request of an interaction: the operation's path template with the exchange's parameters, its query,
 * the headers that decide the answer, its body. No credential is written: the API key and secret a request
 * was answered with are values the provider state supplies (`${apiKey}`, `${apiSecret}`, taken by the
 * verifier from the state's setup), and those it was refused with are placeholders.
 */
import type { DocumentOperation } from './document.ts'
import type { ContractExchange } from './input.ts'
import type { Generator, PactBody, PactRequest } from './pact-v4.ts'

/** What the file shows for a credential the provider state supplies (the verifier sends the state's). */
export const EXAMPLE_KEY = 'example-api-key'
export const EXAMPLE_SECRET = 'example-api-secret'
/** What it shows for a credential the provider must refuse. */
export const UNKNOWN_KEY = 'unknown-api-key'
export const WRONG_SECRET = 'wrong-api-secret'

const KEY = 'X-API-Key'
const SECRET = 'X-API-Secret'

interface Header {
  value: string
  generator?: string
}

/**
 * The credential headers the request sent, as the file shows them. Answered or refused for its secret, the
 * key is the state's; a key no principal has, and a secret that is not the key's, are placeholders. A
 * header sent empty stays empty (it holds nothing).
 */
export function credentialHeaders(exchange: ContractExchange): Map<string, Header> {
  const { caller } = exchange.why
  const headers = new Map<string, Header>()
  const refused = caller.kind === 'refused'
  const unknownKey = refused && caller.reason === 'unknown-key'
  const wrongSecret = unknownKey || (refused && caller.reason === 'secret-mismatch')
  const sent = (name: string) => exchange.headers[name.toLowerCase()]
  if (sent(KEY) !== undefined) headers.set(KEY, sent(KEY) === '' ? { value: '' } : unknownKey ? { value: UNKNOWN_KEY } : { value: EXAMPLE_KEY, generator: 'apiKey' })
  if (sent(SECRET) !== undefined) {
    headers.set(SECRET, sent(SECRET) === '' ? { value: '' } : wrongSecret || sent(KEY) === undefined ? { value: WRONG_SECRET } : { value: EXAMPLE_SECRET, generator: 'apiSecret' })
  }
  return headers
}

/** The request; `roles` are the ids a provider state supplies (the id, the name of the value). */
export function pactRequest(exchange: ContractExchange, operation: DocumentOperation, credentials: Map<string, Header>, roles: ReadonlyMap<string, string>): PactRequest {
  const request: PactRequest = { method: exchange.method, path: '' }
  const generators: NonNullable<PactRequest['generators']> = {}
  const path = pathOf(operation.path, exchange.params, roles)
  request.path = path.example
  if (path.expression !== undefined) generators.path = generator(path.expression)
  const query = Object.keys(exchange.query).sort()
  if (query.length > 0) request.query = Object.fromEntries(query.map((name) => [name, [exchange.query[name]!].flat()]))
  const headers = new Map(credentials)
  for (const name of operation.headers) {
    const value = exchange.headers[name.toLowerCase()]
    if (value !== undefined && !headers.has(name)) headers.set(name, roles.has(value) ? { value, generator: roles.get(value)! } : { value })
  }
  const body = bodyOf(exchange)
  if (body) headers.set('Content-Type', { value: body.contentType })
  const names = [...headers.keys()].sort()
  if (names.length > 0) request.headers = Object.fromEntries(names.map((name) => [name, [headers.get(name)!.value]]))
  const generated = names.filter((name) => headers.get(name)!.generator !== undefined)
  if (generated.length > 0) generators.header = Object.fromEntries(generated.map((name) => [name, generator(`\${${headers.get(name)!.generator}}`)]))
  if (body) request.body = body
  if (generators.path || generators.header) request.generators = generators
  return request
}

/** The path with the exchange's parameters, and the expression that takes the supplied ones from the state. */
function pathOf(template: string, params: Record<string, string>, roles: ReadonlyMap<string, string>): { example: string; expression?: string } {
  let supplied = false
  const fill = (generated: boolean) =>
    template.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
      const value = Object.hasOwn(params, name) ? params[name]! : ''
      const role = roles.get(value)
      if (generated && role !== undefined) {
        supplied = true
        return `\${${role}}`
      }
      return encodeURIComponent(value)
    })
  const example = fill(false)
  const expression = fill(true)
  return supplied ? { example, expression } : { example }
}

/** The body as it was sent: JSON as JSON, anything else (a malformed JSON text) as its text. */
function bodyOf(exchange: ContractExchange): PactBody | undefined {
  if (exchange.body === undefined) return undefined
  const contentType = exchange.headers['content-type'] ?? 'application/json'
  return { content: exchange.body, contentType, encoded: false }
}

const generator = (expression: string): Generator => ({ type: 'ProviderState', expression, dataType: 'STRING' })
