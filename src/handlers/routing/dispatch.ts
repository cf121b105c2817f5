import type { ApiRequest } from '../api-request.ts'
import type { ApiSurface } from '../api-surface.ts'
import type { MockContext } from '../context.ts'
import type { Operation } from '../operation.ts'
import { fallbackReply, overlongReply } from './fallback.ts'
import type { Answer } from '../reply/reply.ts'
import { createRouter } from './matcher.ts'
import type { MaybePromise } from '../definitions/run-operation.ts'
import type { RouterKit } from './router-kit.ts'

/** Answers an API request (synchronously when it can); undefined when it is outside the API's paths. */
export type Dispatcher = (request: ApiRequest) => MaybePromise<Answer | undefined>

/**
 * Answers a request with the routes of `api.handlers` (route-patterns.ts), without MSW's per-handler machinery
 * (request cloning, cookie parsing, lifecycle events). It lets a server (the demo CLI, a worker runtime's
 * `fetch` export) serve the mock at HTTP speed; test/handlers/dispatch.test.ts holds it to the handlers'
 * answers.
 */
export function createDispatcher(kit: RouterKit, mock: MockContext, surface: ApiSurface<Operation>): Dispatcher {
  const route = createRouter(kit, surface.operations, mock.baseUrl)
  const headLikeGet = mock.profile.head === 'get'
  return (request) => {
    if (headLikeGet && request.method === 'HEAD') return headAsGet(kit, route, mock, request)
    const found = route(request.method, request.url)
    if (found === undefined) return undefined
    if (found === 'overlong') return overlongReply(kit, mock, request)
    if (found === 'fallback') return fallbackReply(kit, mock, request)
    return kit.runOperation(found.operation, mock, request, found.params)
  }
}

/** The profile's `head: 'get'`: HEAD on a GET route answers as GET without the body; elsewhere as before. */
function headAsGet(kit: RouterKit, route: ReturnType<typeof createRouter>, mock: MockContext, request: ApiRequest): MaybePromise<Answer | undefined> {
  const found = route('GET', request.url)
  if (found === undefined || found === 'overlong' || found === 'fallback') {
    const other = route('HEAD', request.url)
    if (other === undefined) return undefined
    return other === 'overlong' ? overlongReply(kit, mock, request) : fallbackReply(kit, mock, request)
  }
  const answer = kit.runOperation(found.operation, mock, request, found.params)
  return answer instanceof Promise ? answer.then(kit.withoutBody) : kit.withoutBody(answer)
}
