/**
 * The OpenAPI document of the API, generated from the operations the mock serves (method, path, success
 * envelope, `contract`) and from the zod schemas (`components.schemas`): nothing in it is listed by hand.
 * 3.1.0 by default; 3.0.3 writes every Schema Object with zod's `openapi-3.0` target instead. Loaded only
 * when a document is first asked for (a lazy chunk in a browser bundle). See docs/openapi.md.
 */
import {
  componentRef,
  componentSchemaObjects,
  schemaObject,
  type JsonObject,
  type OpenApiVersion,
} from '../../../model/openapi-schemas.ts'
import { MAX_ID_LENGTH } from '../../../model/ids.ts'
import type { AnySchema } from '../../../model/fields.ts'
import { bodyName, type ApiSurface } from '../../api-surface.ts'
import { MAX_BODY_BYTES, MAX_URL_LENGTH } from '../../limits.ts'
import { specPath } from '../../path-syntax.ts'
import type { OperationSpec, ParameterSpec } from '../../operation-spec.ts'
import { componentsOf } from './components.ts'
import { errorStatuses, statusDescription } from './statuses.ts'
import { operationText, PARAMETER_TEXTS, TAGS } from './texts.ts'

export type { OpenApiVersion } from '../../../model/openapi-schemas.ts'

const OPENAPI = { '3.1': '3.1.0', '3.0': '3.0.3' } as const

/** Security scheme names: both headers are required together (one requirement object). */
const API_KEY = 'ApiKey'
const API_SECRET = 'ApiSecret'

const DESCRIPTION = `Workspaces and applications of an organization, as served by **workspace-api-mock**, the in-memory
mock of this API: this document is generated from the zod schemas and operation definitions the mock runs.

**Authentication.** Every operation needs both \`X-API-Key\` and \`X-API-Secret\`, matching one principal
(the mock's principals come from its scenario; the demo server prints them). A principal sees only its
organization's workspaces and applications: anything else is 404.

**Envelopes and errors.** Successes are \`{ "$schema", "data", "success": true }\` (plus \`current_page\`,
\`page_size\`, \`total\` for pages) with \`Link: </api/schemas/<Name>.json>; rel="describedBy"\`. Errors are
RFC 9457 \`application/problem+json\` in Huma's ErrorModel shape; each operation lists the statuses it can
answer. Two answers belong to no operation: a path under \`/api\` that no operation has is **404**, and a
method that a path does not have is **405** with \`Allow\` (\`OPTIONS\` is 204 with \`Allow\`).

**Limits.** Identifiers in paths and \`X-Workspace-ID\`: at most ${MAX_ID_LENGTH} characters. Bodies: at
most ${MAX_BODY_BYTES / 1024 / 1024} MiB. URLs: at most ${MAX_URL_LENGTH} characters.

**Faults.** 429 and 503 (and any other status a test injects with \`faults.fail\`) come only from faults
injected into the mock (\`api.faults\`, or \`/__admin/faults\` on the demo server).`

/** `Link` (every response) and the headers of particular errors, as reusable Header Objects. */
const HEADERS = {
  Link: {
    description:
      'The JSON Schema of the body, served without credentials: `</api/schemas/<Name>.json>; rel="describedBy"`.',
    schema: { type: 'string' },
  },
  'WWW-Authenticate': {
    description: 'How to authenticate: `ApiKey header="X-API-Key", secret-header="X-API-Secret"`.',
    schema: { type: 'string' },
  },
  'Retry-After': { description: 'Seconds to wait before the next request.', schema: { type: 'string' } },
} as const

type HeaderName = keyof typeof HEADERS

const headerRefs = (...names: HeaderName[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]))

const ref = (name: string) => ({ $ref: componentRef(name) })

function parameterObject(parameter: ParameterSpec<AnySchema>, version: OpenApiVersion): JsonObject {
  const schema = schemaObject(parameter.schema, version)
  // Stryker disable next-line ConditionalExpression: unseen
  if (parameter.default !== undefined) schema.default = parameter.default
  // The kit's words for a parameter it knows (the same name means the same thing), else the schema's own description.
  const description = PARAMETER_TEXTS[`${parameter.in}.${parameter.name}`] ?? (schema.description as string | undefined)
  return {
    name: parameter.name,
    in: parameter.in,
    ...(description !== undefined && { description }),
    required: parameter.required,
    schema,
  }
}

/** The descriptions of the success statuses an operation may have. */
const SUCCESS: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content' }

function responses(operation: OperationSpec): JsonObject {
  const success = operation.response!
  const out: JsonObject = {
    [success.status]: success.shape === 'none'
      ? { description: SUCCESS[success.status] }
      : {
          description: SUCCESS[success.status],
          headers: headerRefs('Link'),
          content: { 'application/json': { schema: ref(success.schema) } },
        },
  }
  for (const status of errorStatuses(operation)) {
    const extra: HeaderName[] = status === 401 ? ['WWW-Authenticate'] : status === 429 ? ['Retry-After'] : []
    out[status] = {
      description: statusDescription(status),
      headers: headerRefs('Link', ...extra),
      content: { 'application/problem+json': { schema: ref('ErrorModel') } },
    }
  }
  return out
}

function operationObject(operation: OperationSpec, version: OpenApiVersion): JsonObject {
  const contract = operation.contract!
  const text = operationText(operation)
  const object: JsonObject = {
    operationId: operation.name,
    summary: text.summary,
    ...(text.description !== undefined && { description: text.description }),
    ...(text.tag !== undefined && { tags: [text.tag] }),
  }
  if (contract.parameters.length > 0) {
    object.parameters = contract.parameters.map((parameter) => parameterObject(parameter, version))
  }
  if (contract.body) {
    object.requestBody = { required: true, content: { 'application/json': { schema: ref(bodyName(operation)) } } }
  }
  object.responses = responses(operation)
  return object
}

/**
 * The OpenAPI document of a mock's API (`surface`: its operations and records) with `servers` naming `server`
 * (the origin a request came to, or `baseUrl`), so that a tool pointed at the mock calls the mock. Pure:
 * same arguments, same document.
 */
export function openApiDocument(version: OpenApiVersion, server: string, surface: ApiSurface): JsonObject {
  const paths: Record<string, JsonObject> = {}
  const tags = [...TAGS]
  for (const operation of surface.published) {
    const item = (paths[specPath(operation.path)] ??= {})
    item[operation.method.toLowerCase()] = operationObject(operation, version)
    const tag = operationText(operation).tag
    if (tag !== undefined && !tags.some((known) => known.name === tag)) tags.push({ name: tag, description: `Operations tagged ${tag}.` })
  }
  return {
    openapi: OPENAPI[version],
    info: { title: 'Workspace and Application Management API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: server }],
    tags,
    security: [{ [API_KEY]: [], [API_SECRET]: [] }],
    paths,
    components: {
      schemas: componentSchemaObjects(version, componentsOf(surface)),
      headers: HEADERS,
      securitySchemes: {
        [API_KEY]: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'The API key of a principal.' },
        [API_SECRET]: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Secret',
          description: 'The API secret of the same principal (required together with X-API-Key).',
        },
      },
    },
  }
}
