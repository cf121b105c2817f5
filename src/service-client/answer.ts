/**
 * A service's answer read whole, within bounds: at most `maxBytes` of body after decompression (reading stops
 * there, so a body that never ends or a gzip bomb costs no more), before the deadline of the request (a body
 * that stalls after its headers is cut off), and JSON no deeper than MAX_ANSWER_DEPTH (deeper JSON made
 * string conversion, JSON.stringify and the model's checks overflow the stack).
 */
import { nestingOf } from '../text/json-nesting.ts'
import { sizeText } from '../text/size-text.ts'
import { shown } from '../text/terminal-text.ts'

/**
 * Most bytes one answer may hold after decompression: 8 MiB. The API's largest honest answer, a page of
 * 100 applications, is about 130 KiB; its OpenAPI document 46 KiB.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024

/** Deepest nesting of an answer's JSON: the API's deepest is 4 (a list, a record, its entries, an entry). */
export const MAX_ANSWER_DEPTH = 32

export interface ServiceAnswer {
  status: number
  statusText: string
  headers: Headers
  /** The body as it came (decompressed), and as text. */
  bytes: Uint8Array
  text: string
  /** The body as JSON; throws SyntaxError when it is not JSON, the command's error when it nests too deep. */
  json(): unknown
}

export interface ReadContext {
  deadline: AbortSignal
  maxBytes: number
  target: string
  /** The request, as messages name it. */
  request: string
  timeout: number
  /** How messages name the settings of the bound they tell of (the command's flags by default). */
  settings?: BoundSettings
  fail(message: string): Error
}

/** The names of the settings that raise a bound, as a message suggests them. */
export interface BoundSettings {
  timeout: string
  maxAnswerBytes: string
}

export const COMMAND_FLAGS: BoundSettings = { timeout: '--timeout', maxAnswerBytes: '--max-answer' }

export async function readAnswer(response: Response, context: ReadContext): Promise<ServiceAnswer> {
  const bytes = await bodyBytes(response, context)
  const text = new TextDecoder().decode(bytes)
  let parsed: { value: unknown } | undefined
  return {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    bytes,
    text,
    json() {
      if (parsed) return parsed.value
      if (nestingOf(text) > MAX_ANSWER_DEPTH) {
        throw context.fail(`${context.target} answered ${shown(context.request)} with JSON nested deeper than ${MAX_ANSWER_DEPTH} levels, the most an answer may nest`)
      }
      parsed = { value: JSON.parse(text) }
      return parsed.value
    },
  }
}

async function bodyBytes(response: Response, context: ReadContext): Promise<Uint8Array> {
  const reader = response.body?.getReader()
  if (!reader) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  const deadline = untilAborted(context.deadline)
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), deadline.reached])
      if (done) return joined(chunks, size)
      size += value.byteLength
      if (size > context.maxBytes) break
      chunks.push(value)
    }
  } catch (error) {
    void reader.cancel().catch(() => {})
    const { target, request, timeout } = context
    if (context.deadline.aborted) throw context.fail(timedOut(target, request, timeout, context.settings))
    throw context.fail(`${target} broke off its answer to ${shown(request)}: ${shown(String((error as Error).cause ?? (error as Error).message))}`)
  } finally {
    deadline.dispose()
  }
  void reader.cancel().catch(() => {})
  throw context.fail(`${context.target} answered ${shown(context.request)} with more than ${sizeText(context.maxBytes)}, the most one answer may hold (${(context.settings ?? COMMAND_FLAGS).maxAnswerBytes} raises it)`)
}

/** A promise that rejects when the signal aborts, and the function that stops listening. */
function untilAborted(signal: AbortSignal): { reached: Promise<never>; dispose(): void } {
  let dispose = () => {}
  const reached = new Promise<never>((_, reject) => {
    const abort = () => reject(signal.reason)
    if (signal.aborted) return abort()
    signal.addEventListener('abort', abort, { once: true })
    dispose = () => signal.removeEventListener('abort', abort)
  })
  reached.catch(() => {})
  return { reached, dispose }
}

function joined(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}

export function timedOut(target: string, request: string, timeout: number, settings = COMMAND_FLAGS): string {
  return `${target} did not answer ${shown(request)} within ${timeout / 1000} s (${settings.timeout})`
}
