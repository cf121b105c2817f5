/**
 * Helpers for the in-process tests of the demo server (src/server/): calls over a real socket, problem+json
 * checks, a reader of server-sent events, and raw HTTP/1.1 exchanges for what fetch cannot send.
 */
import { connect } from 'node:net'
import { expect } from 'vitest'

export interface Answer {
  status: number
  headers: Headers
  text: string
  /** The parsed JSON body; undefined when the body is not JSON. */
  body: any
}

export interface CallInit {
  method?: string
  /** A JSON body (sets Content-Type: application/json; the method defaults to POST). */
  json?: unknown
  /** A raw body (the method defaults to POST). */
  body?: string
  headers?: Record<string, string>
}

/** One request to `base + path`, its answer read whole. */
export async function call(base: string, path: string, init: CallInit = {}): Promise<Answer> {
  const hasBody = init.json !== undefined || init.body !== undefined
  const headers: Record<string, string> = { ...init.headers }
  if (init.json !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (hasBody ? 'POST' : 'GET'),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  })
  const text = await response.text()
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }
  return { status: response.status, headers: response.headers, text, body }
}

/** The headers that authenticate as a principal. */
export const authOf = (as: { apiKey: string; apiSecret: string }) => ({ 'X-API-Key': as.apiKey, 'X-API-Secret': as.apiSecret })

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

/**
 * A problem+json answer of the kit: status, title, `$schema` on the origin asked, the Link header, and
 * (when given) the exact detail. Returns the body.
 */
export function expectProblem(answer: Answer, status: number, origin: string, detail?: string | RegExp): any {
  expect(answer.status, answer.text).toBe(status)
  expect(answer.headers.get('Content-Type')).toBe('application/problem+json')
  expect(answer.headers.get('Link')).toBe('</api/schemas/ErrorModel.json>; rel="describedBy"')
  expect(answer.body.$schema).toBe(`${origin}/api/schemas/ErrorModel.json`)
  expect(answer.body.status).toBe(status)
  expect(answer.body.title).toBe(TITLES[status])
  if (typeof detail === 'string') expect(answer.body.detail).toBe(detail)
  else if (detail) expect(answer.body.detail).toMatch(detail)
  return answer.body
}

/** A JSON answer of an admin route: status and `application/json`. Returns the body. */
export function expectJson(answer: Answer, status = 200): any {
  expect(answer.status, answer.text).toBe(status)
  expect(answer.headers.get('Content-Type')).toBe('application/json')
  return answer.body
}

export interface ServerSentEvent {
  event: string
  data: any
}

/** Reads a server-sent event stream: `next()` resolves with the next event, undefined once the server ends it. */
export function eventStream(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  let raw = ''
  const comments: string[] = []
  let ended = false
  async function next(): Promise<ServerSentEvent | undefined> {
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const fields = new Map<string, string>()
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) comments.push(line)
          const colon = line.indexOf(':')
          if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart())
        }
        if (fields.has('event')) return { event: fields.get('event')!, data: JSON.parse(fields.get('data')!) }
        continue
      }
      const { value, done } = await reader.read()
      if (done) {
        ended = true
        return undefined
      }
      buffer += value
      raw += value
    }
  }
  return { next, comments, raw: () => raw, ended: () => ended, cancel: () => reader.cancel().catch(() => {}) }
}

export interface RawAnswer {
  status: number
  /** Header lines as sent, names in lower case (a repeated header keeps every value). */
  headers: Array<[string, string]>
  header(name: string): string | undefined
  body: string
  /** Whether the server closed the connection after this answer. */
  closed: boolean
}

/**
 * Sends `request` (the exact bytes of an HTTP/1.x request) over a new connection and reads one answer.
 * The answer ends at its Content-Length (or at the end of a chunked body, or when the server closes).
 */
export function rawExchange(url: string, request: string, options: { head?: boolean } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname.replace(/^\[|\]$/g, ''))
    let data = Buffer.alloc(0)
    let closed = false
    let settled = false
    const timer = setTimeout(() => finish(true), 2000)
    const parse = (): RawAnswer | undefined => {
      const end = data.indexOf('\r\n\r\n')
      if (end < 0) return undefined
      const lines = data.subarray(0, end).toString('latin1').split('\r\n')
      const status = Number(lines[0]!.split(' ')[1])
      const headers = lines.slice(1).map((line) => {
        const colon = line.indexOf(':')
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as [string, string]
      })
      const header = (name: string) => headers.find(([n]) => n === name.toLowerCase())?.[1]
      const rest = data.subarray(end + 4)
      const length = header('content-length')
      let body: string | undefined
      if (options.head || status === 204 || status === 304) body = ''
      else if (length !== undefined) body = rest.length >= Number(length) ? rest.subarray(0, Number(length)).toString() : undefined
      else if (header('transfer-encoding') === 'chunked') body = rest.includes('0\r\n\r\n') ? rest.toString() : undefined
      else body = closed ? rest.toString() : undefined
      if (body === undefined) return undefined
      return { status, headers, header, body, closed }
    }
    const finish = (timedOut = false) => {
      if (settled) return
      const answer = parse()
      if (!answer && !timedOut && !closed) return
      settled = true
      clearTimeout(timer)
      if (!answer) {
        socket.destroy()
        reject(new Error(`no complete answer to ${JSON.stringify(request.slice(0, 60))}: ${data.toString().slice(0, 200)}`))
        return
      }
      // Give the server a moment to close the connection when it means to, then report.
      setTimeout(() => {
        answer.closed = closed
        socket.destroy()
        resolve(answer)
      }, 30)
    }
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk])
      finish()
    })
    socket.on('end', () => {
      closed = true
      finish()
    })
    socket.on('close', () => {
      closed = true
      finish()
    })
    socket.on('error', (error) => {
      if (!settled) {
        settled = true
        clearTimeout(timer)
        reject(error)
      }
    })
    socket.write(request)
  })
}
