/**
 * Holds every response a suite receives to the OpenAPI document itself (fixtures/openapi.json, which
 * test/openapi/documents.test.ts keeps equal to what the mock serves), not to the kit's own schemas:
 * - a request of an operation of the document (matched by method and path template, with MSW's matcher as
 *   the mock routes): its status must be declared for that operation, the content type must be one the
 *   response declares, and the body must validate against that content's schema (ajv, JSON Schema 2020-12,
 *   as OpenAPI 3.1 defines Schema Objects);
 * - a request under `/api` that no operation of the document takes: 404 (unknown path), 405 (known path,
 *   other method), 204 (OPTIONS) or 414 (over-long URL), errors as `application/problem+json` valid against
 *   the document's ErrorModel. The kit's own public routes (schemas, icons, these documents) are not in the
 *   document: only their errors are checked, against ErrorModel.
 * The validators compile once per test file (modules are isolated per file) and on first use.
 * Each file's tally goes into its module's meta; test/support/contract-reporter.ts prints the sum.
 */
import { readFileSync } from 'node:fs'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { matchRequestUrl } from 'msw'
import { afterAll } from 'vitest'
import { kitRoutes } from '../../src/handlers/routing/route-patterns.ts'

declare module 'vitest' {
  interface TaskMeta {
    openApiContract?: ContractTally
  }
}

/** Responses checked in one test file, by kind. */
export interface ContractTally {
  /** Responses of an operation of the document: status, content type and body checked. */
  operations: number
  /** Answers of no operation (404, 405, OPTIONS, 414): status and body checked. */
  fallback: number
  /** The kit's own routes (schemas, icons, documents): errors checked against ErrorModel. */
  kitRoutes: number
}

const DOCUMENT_URL = new URL('../../fixtures/openapi.json', import.meta.url)
const DOCUMENT_ID = 'https://workspace-api-mock.test/openapi.json'
const MAX_URL_LENGTH = 8192

interface ResponseObject {
  content?: Record<string, { schema: unknown }>
}
interface OperationObject {
  operationId: string
  responses: Record<string, ResponseObject>
}
type Document = { paths: Record<string, Record<string, OperationObject>> }

interface Route {
  method: string
  template: string
  /** The template in MSW's syntax on any origin: `/api/workspaces/:workspaceId` behind `*`. */
  pattern: string
  operation: OperationObject
}

/** A document's routes and validators, made on first use. */
interface Checker {
  routes: Route[]
  ajv: Ajv2020
  validators: Map<string, ValidateFunction>
}

function checkerOf(document: Document): Checker {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false })
  ajv.addSchema(document as object, DOCUMENT_ID)
  const routes = Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      template,
      pattern: `*${template.replace(/\{(\w+)\}/g, ':$1')}`,
      operation,
    })),
  )
  return { routes, ajv, validators: new Map() }
}

let shipped: Checker | undefined
const load = () => (shipped ??= checkerOf(JSON.parse(readFileSync(DOCUMENT_URL, 'utf8')) as Document))

/** A JSON Pointer into the document, as a `$ref` ajv resolves against it. */
function pointer(...segments: string[]): string {
  const escaped = segments.map((s) => encodeURIComponent(s.replaceAll('~', '~0').replaceAll('/', '~1')))
  return `${DOCUMENT_ID}#/${escaped.join('/')}`
}

function validatorAt(checker: Checker, ref: string): ValidateFunction {
  let validate = checker.validators.get(ref)
  if (!validate) {
    validate = checker.ajv.compile({ $ref: ref })
    checker.validators.set(ref, validate)
  }
  return validate
}

const tally: ContractTally = { operations: 0, fallback: 0, kitRoutes: 0 }
afterAll(({}, file) => {
  if (tally.operations + tally.fallback + tally.kitRoutes > 0) file.meta.openApiContract = { ...tally }
})

/** The path below the mock's base: from the first `/api` segment on (a baseUrl's own path has none). */
function apiPath(url: URL): string | undefined {
  const match = /\/api(?:\/|$)/.exec(url.pathname)
  return match ? url.pathname.slice(match.index) : undefined
}


export interface ReceivedResponse {
  method: string
  url: string
  status: number
  contentType: string | null
  /** The parsed JSON body; undefined when there was none or it was not JSON. */
  body: unknown
}

function bodyProblem(checker: Checker, ref: string, body: unknown): string | undefined {
  const validate = validatorAt(checker, ref)
  if (validate(body)) return undefined
  return checker.ajv.errorsText(validate.errors)
}

function problemJson(checker: Checker, response: ReceivedResponse): string | undefined {
  if (response.method === 'HEAD') return undefined // no body to check
  const mediaType = (response.contentType ?? '').split(';')[0]!.trim()
  if (mediaType !== 'application/problem+json') return `content type ${response.contentType ?? 'none'}, not application/problem+json`
  const invalid = bodyProblem(checker, pointer('components', 'schemas', 'ErrorModel'), response.body)
  return invalid && `body breaks ErrorModel: ${invalid}`
}

/**
 * What is wrong with a response by the OpenAPI document (empty when nothing). Requests outside `/api`
 * (and network errors, status 0) are not the contract's.
 */
export function contractProblems(response: ReceivedResponse): string[] {
  return problemsBy(load(), response)
}

/** `contractProblems` by another document: a mock's own, with operations of its own. */
export function contractOf(document: object): (response: ReceivedResponse) => string[] {
  const checker = checkerOf(document as Document)
  return (response) => problemsBy(checker, response)
}

function problemsBy(checker: Checker, response: ReceivedResponse): string[] {
  const url = new URL(response.url)
  const path = apiPath(url)
  if (path === undefined || response.status === 0) return []
  const where = `${response.method} ${url.pathname.slice(0, 120)} → ${response.status}`
  const problems: string[] = []
  const fail = (problem: string | undefined) => problem && problems.push(`${where}: ${problem}`)
  const { routes } = checker
  const local = new URL(path, 'http://contract.test')

  if (url.href.length > MAX_URL_LENGTH) {
    tally.fallback++
    if (response.status !== 414) fail('an over-long URL must be 414')
    fail(problemJson(checker, response))
    return problems
  }
  const candidates = routes.filter((route) => matchRequestUrl(local, route.pattern).matches)
  const route = candidates.find((candidate) => candidate.method === response.method)
  if (route) {
    tally.operations++
    const declared = route.operation.responses[String(response.status)]
    if (!declared) {
      fail(`status ${response.status} is not declared for ${route.operation.operationId}`)
      return problems
    }
    const mediaType = (response.contentType ?? '').split(';')[0]!.trim()
    if (declared.content === undefined) {
      // A 204: no body, no content type.
      if (response.contentType !== null || response.body !== undefined) fail(`a ${response.status} without content declared, answered ${response.contentType}`)
      return problems
    }
    const content = declared.content
    if (!(mediaType in content)) {
      fail(`content type ${response.contentType ?? 'none'} is not declared (${Object.keys(content).join(', ')})`)
      return problems
    }
    const invalid = bodyProblem(
      checker,
      pointer('paths', route.template, route.method.toLowerCase(), 'responses', String(response.status), 'content', mediaType, 'schema'),
      response.body,
    )
    fail(invalid && `body breaks the declared schema: ${invalid}`)
    return problems
  }
  const kitRoute = kitRoutes.some((operation) => matchRequestUrl(local, `*${operation.path}`).matches)
  if (kitRoute && response.method === 'GET') {
    tally.kitRoutes++
    if (response.status >= 400) fail(problemJson(checker, response))
    return problems
  }
  tally.fallback++
  const known = candidates.length > 0 || kitRoute
  const expected = response.method === 'OPTIONS' && known ? 204 : known ? 405 : 404
  if (response.status !== expected) fail(`expected ${expected} from the catch-all (no operation of the document)`)
  if (response.status >= 400) fail(problemJson(checker, response))
  return problems
}
