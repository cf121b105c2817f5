/**
 * What the live gate keeps of the service's answers for the code that follows it (docs/live.md, "The code
 * that follows the service, from drift"), into a bounded `Seen`: the records of a success, the fields a
 * write took, the routes it answered where the mock had none, its OpenAPI document (its answer to the
 * kit's document routes, or asked for once when what was seen is read), and the credentials it was sent,
 * to take out of all of it.
 */
import type { ApiRequest } from '../handlers/api-request.ts'
import type { LiveExchange, LiveSeen } from '../handlers/ports.ts'
import type { Credentials } from '../model/credentials.ts'
import type { RecordModel } from '../model/record-model.ts'
import { routeAnswered } from '../checks/route-answered.ts'
import { jsonOf } from './drift.ts'
import type { Asked, Service } from './forward.ts'
import { Seen } from './seen.ts'

/** The methods of the routes the code that follows the service can define: a request no route takes is asked with one of these only. */
export const ROUTE_METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
const WRITES = new Set(['POST', 'PUT', 'PATCH'])
/** The kit's routes that answer an OpenAPI document: the service's answer to one is its document. */
const DOCUMENTS = new Set(['getOpenApiJson', 'getOpenApi30Json'])
/** Most of the service's credentials remembered (a mapping may give each caller a pair). */
const MAX_CREDENTIALS = 64

export class Follower {
  readonly #service: Service
  readonly #target: string
  readonly #seen: Seen
  readonly #sent = new Set<string>()
  /** The service's document, asked for once (until a reset) when what was seen is read. */
  #documentAsked: Promise<void> | undefined

  constructor(service: Service, target: string, model: RecordModel) {
    this.#service = service
    this.#target = target
    this.#seen = new Seen(model)
  }

  /** The service's credentials a request went with. */
  sent(credentials: Credentials | undefined): void {
    if (credentials && this.#sent.size < MAX_CREDENTIALS) this.#sent.add(credentials.apiKey).add(credentials.apiSecret)
  }

  /** The service's answer to a request of an operation the mock has: a success's records, the fields a write took, its document. */
  async answered({ operation, request }: Pick<LiveExchange, 'operation' | 'request'>, asked: Asked, json: unknown): Promise<void> {
    if (asked.status < 200 || asked.status >= 300 || json === null || typeof json !== 'object') return
    const line = `${request.method} ${this.#service.below(request)}`
    const { data, openapi } = json as { data?: unknown; openapi?: unknown }
    if (DOCUMENTS.has(operation.name)) {
      if (typeof openapi === 'string') this.#seen.document(json, asked.text.length, `${this.#target}${this.#service.below(request)}`)
      return
    }
    const record = operation.response?.shape === 'none' ? undefined : operation.response?.record
    if ((record !== 'workspace' && record !== 'application') || data === undefined) return
    this.#seen.records(record, line, data)
    if (!WRITES.has(request.method) || !request.hasBody) return
    const body = await request.body()
    if (!body.truncated) this.#seen.wrote(record, line, jsonOf(request.header('Content-Type'), new TextDecoder().decode(body.bytes)), data)
  }

  /** The service's answer to a request no route of the mock takes: a route it has is one the mock lacks. */
  unrouted(request: ApiRequest, asked: Asked): void {
    const below = this.#service.below(request)
    const path = below.split('?')[0]!
    if (routeAnswered(path, asked.status)) this.#seen.route(request.method, path, asked.status, `${request.method} ${below}`)
  }

  async seen(): Promise<LiveSeen> {
    if (!this.#seen.hasDocument) await (this.#documentAsked ??= this.#askDocument())
    return { source: this.#target, ...this.#seen.kept(), credentials: [...this.#sent] }
  }

  /** The service's OpenAPI document, when it publishes one where the API's services do. */
  async #askDocument(): Promise<void> {
    const answer = await this.#service.document()
    if (answer?.status !== 200) return
    const document = jsonOf(answer.type, answer.text) as { openapi?: unknown } | undefined
    if (typeof document?.openapi === 'string') this.#seen.document(document, answer.text.length, answer.url)
  }

  reset(): void {
    this.#seen.clear()
    this.#documentAsked = undefined
  }
}
