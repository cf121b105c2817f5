import { once } from './memo.ts'
import { MAX_BODY_BYTES } from './limits.ts'
import { readUpTo, type BodyRead } from './read-body.ts'

/**
 * A request as the pipeline reads it, whichever way it came in: a Fetch `Request` from MSW
 * (`fromFetchRequest`) or a `node:http` message in the demo server (src/server/http/incoming-request.ts). The
 * pipeline never needs a Fetch `Request` of its own, so a server does not pay for building one.
 */
export interface ApiRequest {
  readonly method: string
  /** Read it, never change it: the demo server shares one object among requests to the same URL. */
  readonly url: URL
  /** A header's value (repeated headers joined with ", ", as Fetch does); null when absent. */
  header(name: string): string | null
  /** Every header by its lower-case name; the same object on every call, never to be changed. */
  headerRecord(): Readonly<Record<string, string>>
  /** Whether a body may follow (any method but GET and HEAD, as with Fetch). */
  readonly hasBody: boolean
  /**
   * The body, read once up to the kit's limit (1 MiB) and shared by every reader (operation, journal);
   * `truncated` says it went past the limit.
   */
  body(): Promise<BodyRead>
  /**
   * True while nobody has asked for the body and it has not all arrived (a server's request): the journal
   * then records an answer without waiting for it, so that a 401 or 415 is not held by a stalled upload.
   */
  bodyPending?(): boolean
  /** A Fetch `Request` for user callbacks (overrides): the original one under MSW, built on demand elsewhere. */
  toFetchRequest(): Promise<Request>
}

/** The body of a request without one. */
export const NO_BODY: BodyRead = { bytes: new Uint8Array(), size: 0, truncated: false }

/** The pipeline's view of a Fetch `Request` (MSW handlers, `api.handle`). */
export function fromFetchRequest(request: Request, url: URL = new URL(request.url)): ApiRequest {
  const hasBody = request.body !== null
  // The kit reads a copy, so that the original stays unread for an override that wants it.
  const copy = hasBody ? request.clone() : undefined
  return {
    method: request.method,
    url,
    header: (name) => request.headers.get(name),
    headerRecord: once(() => Object.fromEntries(request.headers)),
    hasBody,
    body: once(async () => (copy ? readUpTo(copy.body, MAX_BODY_BYTES) : NO_BODY)),
    toFetchRequest: async () => request,
  }
}
