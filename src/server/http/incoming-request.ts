import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import { NO_BODY, type ApiRequest } from '../../handlers/api-request.ts'
import { readChunksUpTo, readUpTo, type BodyRead } from '../../handlers/read-body.ts'
import { MAX_BODY_BYTES } from '../../handlers/limits.ts'
import { Problem } from '../../handlers/reply/problem.ts'
import { requestUrl } from './request-url.ts'

/**
 * The pipeline's view of a `node:http` request, read straight from the parsed message: no Fetch `Request`
 * (and no `Headers` object) unless an override asks for one. Headers follow Fetch's rules: names in lower
 * case, repeated headers joined with ", ". The URL keeps the `Host` the client used. A class rather than
 * an object of closures: one allocation per request on the server's hot path.
 */
class IncomingRequest implements ApiRequest {
  readonly method: string
  readonly url: URL
  readonly hasBody: boolean
  readonly #incoming: IncomingMessage
  readonly #headers: Readonly<Record<string, string>>
  #body: Promise<BodyRead> | undefined

  constructor(incoming: IncomingMessage, serverUrl: string) {
    this.#incoming = incoming
    this.#headers = headersOf(incoming)
    this.method = incoming.method ?? 'GET'
    this.url = requestUrl(incoming.url ?? '/', this.#headers.host, serverUrl)
    this.hasBody = this.method !== 'GET' && this.method !== 'HEAD'
  }

  header(name: string): string | null {
    const value = this.#headers[name.toLowerCase()]
    // Node's record inherits from Object.prototype: `constructor` and the like are not headers.
    return typeof value === 'string' ? value : null
  }

  headerRecord(): Readonly<Record<string, string>> {
    return this.#headers
  }

  body(): Promise<BodyRead> {
    this.#body ??= this.hasBody
      ? readUpTo(Readable.toWeb(this.#incoming) as ReadableStream<Uint8Array>, MAX_BODY_BYTES).catch(() => {
          // The client went away mid-body (or was cut off after a 408): a problem, not a failure of the mock.
          throw new Problem(400, 'the request body ended early: the connection closed before it was whole')
        })
      : Promise.resolve(NO_BODY)
    return this.#body
  }

  bodyPending(): boolean {
    return this.hasBody && this.#body === undefined && !this.#incoming.complete
  }

  async toFetchRequest(): Promise<Request> {
    const init: RequestInit = { method: this.method, headers: Object.entries(this.#headers) }
    if (this.hasBody) init.body = (await this.body()).bytes
    return new Request(this.url, init)
  }
}

/**
 * The message's headers by lower-case name, repeats joined with ", " as Fetch joins them. Node's server
 * has built its own record already (it reads `Host` and `Expect` from it): that one serves when no name
 * repeats, the common case. Node drops or joins repeats by rules of its own (and makes `Set-Cookie` an
 * array), so a message with a repeated name gets a record built from its raw lines.
 */
function headersOf(incoming: IncomingMessage): Readonly<Record<string, string>> {
  const own = incoming.headers
  const raw = incoming.rawHeaders
  if (Object.keys(own).length * 2 === raw.length && own['set-cookie'] === undefined) {
    return own as Readonly<Record<string, string>>
  }
  const joined: Record<string, string> = Object.create(null)
  // Stryker disable next-line EqualityOperator: same-value
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase()
    const earlier = joined[name]
    joined[name] = earlier === undefined ? raw[i + 1]! : `${earlier}, ${raw[i + 1]!}`
  }
  return joined
}

/**
 * A Fetch `Request` of a message whose body nobody has read yet, with a body limit of its own (the admin
 * routes take state uploads far bigger than an API body); undefined when the body is over `limit`.
 */
export async function fetchRequestOf(incoming: IncomingMessage, request: ApiRequest, limit: number): Promise<Request | undefined> {
  const init: RequestInit = { method: request.method, headers: Object.entries(request.headerRecord()) }
  if (request.hasBody) {
    const body = await readChunksUpTo(Readable.toWeb(incoming) as ReadableStream<Uint8Array>, limit)
    // Stryker disable next-line all: untestable
    if (body.truncated) return undefined
    // The chunks as a stream: read whole, they would be joined into one buffer as big as the upload.
    const chunks = body.chunks.values()
    init.body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.next()
        if (next.done) controller.close()
        else controller.enqueue(next.value)
      },
    })
    ;(init as RequestInit & { duplex: 'half' }).duplex = 'half'
  }
  return new Request(request.url, init)
}

/** The pipeline's view of a `node:http` request. */
export function fromIncomingMessage(incoming: IncomingMessage, serverUrl: string): ApiRequest {
  return new IncomingRequest(incoming, serverUrl)
}
