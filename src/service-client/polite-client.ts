/**
 * How `record` and `verify` ask a live service: one request at a time, at most `rate` a second, each answer
 * whole within `timeout` ms (its headers and its body: a service that stalls after its headers is cut
 * off), at most `maxAnswerBytes` of it after decompression (reading stops there), redirects not followed
 * (fetch would send the credentials on to wherever they point), and a request asked again after the wait
 * `retryDelay` names, at most `tries` times in all. Every failure is one line naming the target and the
 * request, made by `fail` into the command's own error.
 */
import { shown } from '../text/terminal-text.ts'
import { readAnswer, timedOut, type BoundSettings, type ServiceAnswer } from './answer.ts'

export type { BoundSettings, ServiceAnswer }
export { MAX_ANSWER_BYTES, MAX_ANSWER_DEPTH } from './answer.ts'

/** How requests reach the service: `fetch`, or an in-process stand-in such as `api.handle`. */
export type Fetch = (request: Request, init: RequestInit) => Promise<Response>

export interface PoliteOptions {
  /** The service's base URL, as the messages name it. */
  target: string
  rate: number
  timeout: number
  tries: number
  /** Most bytes of one answer's body, decompressed (default MAX_ANSWER_BYTES). */
  maxAnswerBytes: number
  /** The wait before asking again (ms) after this answer, the `tries`th; undefined takes the answer. */
  retryDelay(response: Response, tries: number): number | undefined
  /** The command's error for a one-line message. */
  fail(message: string): Error
  /** How messages name the settings of the bounds (the command's flags by default). */
  settings?: BoundSettings
  fetch?: Fetch
}

export interface PoliteClient {
  /**
   * Sends the request `make` builds (again for each try: a body is read once) and answers the last answer,
   * read whole; `request` names it in messages (`GET /api/workspaces`). Throws what `fail` makes when no
   * answer comes (refused, timed out), or one breaks a bound.
   */
  send(make: () => Request, request: string): Promise<ServiceAnswer>
  /** Requests sent so far, tries included. */
  readonly requests: number
}

export function politeClient(options: PoliteOptions): PoliteClient {
  const interval = 1000 / options.rate
  const send = options.fetch ?? fetch
  const { target, timeout, fail, settings } = options
  let next = 0
  let requests = 0
  const once = async (make: () => Request, request: string): Promise<{ response: Response; deadline: AbortSignal }> => {
    const built = buildRequest(make, target, request, fail)
    await sleep(next - performance.now())
    next = performance.now() + interval
    requests++
    const deadline = AbortSignal.timeout(timeout)
    try {
      return { response: await send(built, { signal: deadline, redirect: 'manual' }), deadline }
    } catch (error) {
      throw fail(unreachable(error, target, request, timeout, settings))
    }
  }
  return {
    get requests() {
      return requests
    },
    async send(make, request) {
      for (let tries = 1; ; tries++) {
        const { response, deadline } = await once(make, request)
        const delay = tries < options.tries ? options.retryDelay(response, tries) : undefined
        if (delay === undefined) return readAnswer(response, { deadline, maxBytes: options.maxAnswerBytes, request, target, timeout, fail, settings })
        await response.body?.cancel().catch(() => {})
        await sleep(delay)
      }
    },
  }
}

/** The request, or one line when it cannot be sent (a header value the service gave with a control character). */
function buildRequest(make: () => Request, target: string, request: string, fail: PoliteOptions['fail']): Request {
  try {
    return make()
  } catch (error) {
    throw fail(cannotSend(target, request, (error as Error).message))
  }
}

const cannotSend = (target: string, request: string, why: string) => `cannot send ${shown(request)} to ${target}: ${shown(why)}`

/** Why no answer came: the timeout, or the network's error code in words. */
export function unreachable(error: unknown, target: string, request: string, timeout: number, settings?: BoundSettings): string {
  if ((error as Error | undefined)?.name === 'TimeoutError') return timedOut(target, request, timeout, settings)
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  const code = cause?.code ?? ''
  // The HTTP client refused what the request holds (a header value with a control character), before sending.
  if (code === 'UND_ERR_INVALID_ARG') return cannotSend(target, request, cause!.message ?? code)
  const words: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'the host name did not resolve',
    ECONNRESET: 'the connection was reset',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
    UND_ERR_SOCKET: 'the connection closed',
  }
  const why = words[code] ? `${words[code]} (${code})` : shown(cause?.message ?? (error as Error).message)
  return `cannot reach ${target} (${shown(request)}): ${why}`
}

export function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()
}
