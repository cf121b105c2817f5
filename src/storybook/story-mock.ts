/**
 * One story render's mock: a new mock API built from the story's parameters, and an end that aborts the
 * requests it is still answering (a latency fault), so that their answers never reach a later story.
 */
import { HttpResponse } from 'msw'
import { createMockApi } from '../api/create-mock-api.ts'
import { dispatcherOf } from '../api/dispatcher-of.ts'
import type { MockApi } from '../api/mock-api.ts'
import type { Credentials } from '../model/credentials.ts'
import type { Database } from '../model/database.ts'
import { registerFault } from '../testkit/fault-spec.ts'
import type { FaultRegistry } from '../testkit/faults.ts'
import type { Journal } from '../testkit/journal.ts'
import type { OverrideTools } from '../testkit/overrides.ts'
import { MockApiParameterError, resolveParameters, type FaultSpec, type OverrideSpec } from './parameters.ts'

/** What a story's `play` function reaches through `mockApiOf(context)`. */
export interface StoryMock {
  /** The story's own mock API, built for this render. */
  readonly api: MockApi
  readonly db: Database
  readonly journal: Journal<string>
  readonly faults: FaultRegistry<string>
  readonly credentials: Credentials
  /** Aborted when the story's render ends (another story, a remount, a re-render with new args). */
  readonly signal: AbortSignal
  /** Requests of this render that were still waiting for their answer when it ended, answered with a network error. */
  readonly abortedRequests: number
}

/** A StoryMock plus what the story switch drives. */
export interface LiveStoryMock extends StoryMock {
  /** The mock's answer, undefined for a request outside the API, a network error once the render ended. */
  answer(request: Request): Promise<Response | undefined>
  end(): void
}

/**
 * Builds the mock of one story render from its merged `parameters.mockApi`. Throws MockApiParameterError
 * (naming the key) for parameters the mock cannot be built from.
 */
export async function createStoryMock(parameters: unknown, assetsOrigin?: string): Promise<LiveStoryMock> {
  const { options, faults, overrides } = resolveParameters(parameters)
  if (assetsOrigin !== undefined && options.assetsOrigin === undefined && options.baseUrl === undefined) {
    // Icon URLs point at the page's origin, where the worker serves them.
    options.assetsOrigin = assetsOrigin
  }
  let api: MockApi
  try {
    api = createMockApi(options)
    // Made now, not on the first request: in the preview every request, the page's own modules too, passes
    // through the one handler into `api.handle`, whose lazy import of the dispatcher would wait for itself.
    dispatcherOf(api)
    await api.ready
  } catch (error) {
    throw new MockApiParameterError(`parameters.mockApi: ${(error as Error).message}`, { cause: error })
  }
  for (const { path, spec } of faults) applyFault(api, spec, path)
  for (const spec of overrides) applyOverride(api, spec)

  const controller = new AbortController()
  const ended = new Promise<'ended'>((resolve) => controller.signal.addEventListener('abort', () => resolve('ended')))
  let abortedRequests = 0
  return {
    api,
    db: api.db,
    journal: api.journal,
    faults: api.faults,
    credentials: api.credentials,
    signal: controller.signal,
    get abortedRequests() {
      return abortedRequests
    },
    async answer(request) {
      if (controller.signal.aborted) return HttpResponse.error()
      const answer = await Promise.race([api.handle(request), ended])
      if (answer !== 'ended') return answer
      abortedRequests++
      return HttpResponse.error()
    },
    end() {
      controller.abort()
    },
  }
}

function applyFault(api: MockApi, spec: FaultSpec<string>, path: string): void {
  try {
    registerFault(api.faults, spec)
  } catch (error) {
    throw new MockApiParameterError(`parameters.mockApi${path}: ${(error as Error).message}`, { cause: error })
  }
}

function applyOverride(api: MockApi, spec: OverrideSpec): void {
  const { operation, once, problem, respond, resolver } = spec as OverrideSpec & { respond?: unknown }
  const answer =
    resolver ??
    ((tools: OverrideTools<unknown>) =>
      problem ? tools.problem(problem.status, problem.detail, problem.errors) : tools.respond(respond as never))
  api.override(operation, answer as never, { once: once ?? false })
}
