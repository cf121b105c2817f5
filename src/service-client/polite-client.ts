/**
 * How `record` and `verify` ask a live service: one request at a time, at most `rate` a second, each within
 * `timeout` ms, redirects not followed (fetch would send the credentials on to wherever they point), and a
 * request asked again after the wait `retryDelay` names, at most `tries` times in all.
 */

/** How requests reach the service: `fetch`, or an in-process stand-in such as `api.handle`. */
export type Fetch = (request: Request, init: RequestInit) => Promise<Response>

export interface PoliteOptions {
  rate: number
  timeout: number
  tries: number
  /** The wait before asking again (ms) after this answer, the `tries`th; undefined takes the answer. */
  retryDelay(response: Response, tries: number): number | undefined
  fetch?: Fetch
}

export interface PoliteClient {
  /**
   * Sends the request `make` builds (again for each try: a body is read once) and answers the last answer;
   * a request that gets no answer (refused, timed out) throws what `unreachable` makes of its error.
   */
  send(make: () => Request, unreachable: (error: unknown) => Error): Promise<Response>
  /** Requests sent so far, tries included. */
  readonly requests: number
}

export function politeClient(options: PoliteOptions): PoliteClient {
  const interval = 1000 / options.rate
  const send = options.fetch ?? fetch
  let next = 0
  let requests = 0
  const once = async (request: Request, unreachable: (error: unknown) => Error): Promise<Response> => {
    await sleep(next - performance.now())
    next = performance.now() + interval
    requests++
    try {
      return await send(request, { signal: AbortSignal.timeout(options.timeout), redirect: 'manual' })
    } catch (error) {
      throw unreachable(error)
    }
  }
  return {
    get requests() {
      return requests
    },
    async send(make, unreachable) {
      for (let tries = 1; ; tries++) {
        const response = await once(make(), unreachable)
        const delay = tries < options.tries ? options.retryDelay(response, tries) : undefined
        if (delay === undefined) return response
        await response.body?.cancel()
        await sleep(delay)
      }
    },
  }
}

export function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()
}
