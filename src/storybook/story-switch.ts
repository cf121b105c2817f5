/**
 * The page's one MSW handler for every story: it hands each request to the mock of the story rendered now.
 * Starting a story's mock ends the previous one, so a story never sees another's data or answers.
 */
import { http, type HttpHandler } from 'msw'
import { createStoryMock, type LiveStoryMock } from './story-mock.ts'

export interface StorySwitch {
  /** Install once (`setupWorker(switch.handler)`, or `setupServer` in a test of the switch itself). */
  readonly handler: HttpHandler
  /** The mock answering now, if a story is rendered. */
  readonly current: LiveStoryMock | undefined
  /** Ends the current story's mock and makes a fresh one for the next render. */
  start(parameters: unknown, assetsOrigin?: string): Promise<LiveStoryMock>
  /** Ends this mock (a story's cleanup); the next render's mock, if already started, stays. */
  end(mock: LiveStoryMock): void
}

export function createStorySwitch(): StorySwitch {
  let current: LiveStoryMock | undefined
  let starts = 0
  // Requests outside the API (the story's own files) or between two stories pass through to the network.
  const handler = http.all('*', ({ request }) => current?.answer(request))
  return {
    handler,
    get current() {
      return current
    },
    async start(parameters, assetsOrigin) {
      // Ended before the new one is built: a request in flight gets no answer from either.
      current?.end()
      current = undefined
      const start = ++starts
      const mock = await createStoryMock(parameters, assetsOrigin)
      // A newer render started while this one was built (a quick remount): it answers, this one never does.
      if (start === starts) current = mock
      else mock.end()
      return mock
    },
    end(mock) {
      mock.end()
      if (current === mock) current = undefined
    },
  }
}
