import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MockApi } from '../../api/create-mock-api.ts'
import type { JournalEntry } from '../../testkit/journal.ts'

/** How many past requests a new stream starts with. */
const HISTORY = 200
/** A comment line this often keeps proxies and idle timers from closing the stream. */
const KEEPALIVE_MS = 15_000

/** One request as the console's log shows it. */
export interface LogEvent {
  time: number
  method: string
  /** Path and query. */
  path: string
  status: number
  duration: number
  operation: string | undefined
  /** The problem detail of an error. */
  detail: string | undefined
}

function logEvent(entry: JournalEntry): LogEvent {
  const url = new URL(entry.url)
  return {
    time: entry.time,
    method: entry.method,
    path: `${url.pathname}${url.search}`,
    status: entry.status,
    duration: Math.round(entry.duration * 10) / 10,
    operation: entry.operation,
    detail: entry.detail,
  }
}

/**
 * Server-sent event streams for the console: the live request log of a mock (fed by its journal's
 * subscription, so a mock nobody watches pays nothing), and notices that the sessions changed.
 *
 * Events: `history` (the latest requests, oldest first, when the stream opens), `request` (one new
 * request), `sessions` (a session was created, deleted, expired or replaced its state), `closed` (the
 * session is gone: the stream ends).
 */
export class EventStreams {
  /** Open streams: the mock each one follows, and how to stop following it. */
  readonly #open = new Map<ServerResponse, { api: MockApi; unsubscribe: () => void }>()

  /** Streams the requests `api` answers, from its recent history on, until the client goes away. */
  journal(incoming: IncomingMessage, outgoing: ServerResponse, api: MockApi, extra: Readonly<Record<string, string>>): void {
    const send = this.#start(incoming, outgoing, extra)
    send('history', api.journal.entries.slice(-HISTORY).map(logEvent))
    const unsubscribe = api.journal.subscribe((entry) => send('request', logEvent(entry)))
    this.#open.set(outgoing, { api, unsubscribe })
  }

  /** Tells every open stream that the sessions changed. */
  sessionsChanged(): void {
    for (const outgoing of this.#open.keys()) write(outgoing, 'sessions', {})
  }

  /** Ends the streams that follow a mock that is gone (a deleted or expired session). */
  endFor(api: MockApi): void {
    for (const [outgoing, stream] of [...this.#open]) {
      if (stream.api !== api) continue
      write(outgoing, 'closed', {})
      outgoing.end()
    }
  }

  /** Ends every stream (the server is closing: open streams would hold its connections). */
  closeAll(): void {
    for (const outgoing of [...this.#open.keys()]) outgoing.end()
  }

  #start(incoming: IncomingMessage, outgoing: ServerResponse, extra: Readonly<Record<string, string>>) {
    outgoing.writeHead(200, {
      ...extra,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    })
    outgoing.write('retry: 1000\n\n')
    const keepalive = setInterval(() => outgoing.write(': keepalive\n\n'), KEEPALIVE_MS)
    keepalive.unref()
    const stop = () => {
      clearInterval(keepalive)
      this.#open.get(outgoing)?.unsubscribe()
      this.#open.delete(outgoing)
    }
    incoming.socket.setNoDelay(true)
    outgoing.once('close', stop)
    return (event: string, data: unknown) => write(outgoing, event, data)
  }
}

function write(outgoing: ServerResponse, event: string, data: unknown): void {
  if (outgoing.writableEnded) return
  outgoing.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
}
