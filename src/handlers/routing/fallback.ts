/**
 * The answers of API requests that no operation takes: 414 for an over-long URL (before any routing), and
 * the `/api` catch-all. Nothing under `/api` ever falls through to the network.
 */
import type { ApiRequest } from '../api-request.ts'
import type { MockContext } from '../context.ts'
import type { Answer } from '../reply/reply.ts'
import { allowedMethods } from './matcher.ts'
import type { MaybePromise } from '../definitions/run-operation.ts'
import type { Account } from '../../model/schemas.ts'
import type { RouterKit } from './router-kit.ts'

/** 414 for a URL under the API that is longer than the mock reads. */
export function overlongReply(kit: RouterKit, mock: MockContext, request: ApiRequest): MaybePromise<Answer> {
  return kit.journaled(mock, request, undefined, {}, () => {
    throw new kit.Problem(414, `request URL is longer than ${kit.MAX_URL_LENGTH} characters`)
  })
}

/**
 * Everything else under `/api`: 405 with `Allow` when the path is known, 404 otherwise, and OPTIONS. With
 * `live`, the service may be asked too, for the code that follows it (src/live/gate.ts, `unrouted`).
 */
export function fallbackReply(kit: RouterKit, mock: MockContext, request: ApiRequest): MaybePromise<Answer> {
  return kit.journaled(mock, request, undefined, {}, (entry) => {
    const { url } = request
    const allowed = allowedMethods(kit, url, mock.surface.operations, mock.baseUrl)
    if (mock.live !== undefined) mock.live.unrouted(request, entry, principalOf(kit, mock, request))
    if (allowed.length === 0) throw new kit.Problem(404, `no operation at ${url.pathname}`)
    const allow = [...new Set(allowed), 'OPTIONS'].join(', ')
    if (request.method === 'OPTIONS') {
      return kit.emptyReply(204, { Allow: allow })
    }
    throw new kit.Problem(405, `${request.method} is not allowed on ${url.pathname}`, undefined, {
      Allow: allow,
    })
  })
}

/** The mock's principal a request authenticates as: the live service is asked only for one (no route needs one). */
function principalOf(kit: RouterKit, mock: MockContext, request: ApiRequest): Account | undefined {
  if (!mock.store.settled) return undefined
  try {
    return kit.authenticate(request, mock.store, false)
  } catch {
    return undefined
  }
}
