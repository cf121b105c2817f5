import type { IncomingMessage, ServerResponse } from 'node:http'
import type { MockApi } from '../../api/create-mock-api.ts'
import { logEvent } from '../../mock-admin/log-event.ts'

/** How many past requests a new stream starts with. */
const HISTORY = 200
/** A comment line this often keeps proxies and idle timers from closing the stream. */
const KEEPALIVE_MS = 15_000
/**
 * Bytes a stream may hold unsent (its client reads slower than requests arrive: a throttled background
 * tab); past them it is dropped with a last `dropped` event, so that a stalled reader costs the server at
 * most this much, never its memory.
 */
export const STREAM_BUFFER_BYTES = 1024 * 1024
/** How long a dropped stream's last event may take to leave before its connection is cut. */
const DROP_GRACE_MS = 30_000

/**
 * The one route answer that writes its own socket (the router delivers every other answer): a server-sent
 * event stream, open until its client goes away.
 */
export interface EventStream {
  open(incoming: IncomingMessage, outgoing: ServerResponse, extra: Readonly<Record<string, string>>): void
}

/**
 * Server-sent event streams for the console: the live request log of a mock (fed by its journal's
 * subscription, so a mock nobody watches pays nothing), and notices that the sessions changed.
 *
 * Events: `history` (the latest requests, oldest first, when the stream opens), `request` (one new
 * request), `sessions` (a session was created, deleted, expired or replaced its state), `closed` (the
 * session is gone: the stream ends), `dropped` (the client read too slowly: the stream ends; the console
 * reconnects and starts again from the history).
 */
export class EventStreams {
  /** Open streams: the mock each one follows, and how to stop following it. */
  readonly #open = new Map<ServerResponse, { api: MockApi; stop: () => void }>()

  /** A stream of the requests `api` answers, from its recent history on, until the client goes away. */
  journal(api: MockApi): EventStream {
    return { open: (incoming, outgoing, extra) => this.#follow(incoming, outgoing, extra, api) }
  }

  #follow(incoming: IncomingMessage, outgoing: ServerResponse, extra: Readonly<Record<string, string>>, api: MockApi): void {
    this.#start(incoming, outgoing, extra, api)
    this.#write(outgoing, 'history', api.journal.entries.slice(-HISTORY).map(logEvent))
    const unsubscribe = api.journal.subscribe((entry) => this.#write(outgoing, 'request', logEvent(entry)))
    const stream = this.#open.get(outgoing)
    // Stryker disable next-line ConditionalExpression: unreachable
    if (stream) {
      const stop = stream.stop
      stream.stop = () => (unsubscribe(), stop())
    } else unsubscribe()
  }

  /** Tells every open stream that the sessions changed. */
  sessionsChanged(): void {
    for (const outgoing of [...this.#open.keys()]) this.#write(outgoing, 'sessions', {})
  }

  /** Ends the streams that follow a mock that is gone (a deleted or expired session). */
  endFor(api: MockApi): void {
    for (const [outgoing, stream] of [...this.#open]) {
      if (stream.api !== api) continue
      this.#write(outgoing, 'closed', {})
      outgoing.end()
    }
  }

  /** Ends every stream (the server is closing: open streams would hold its connections). */
  closeAll(): void {
    for (const outgoing of [...this.#open.keys()]) outgoing.end()
  }

  #start(incoming: IncomingMessage, outgoing: ServerResponse, extra: Readonly<Record<string, string>>, api: MockApi): void {
    outgoing.writeHead(200, {
      ...extra,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    })
    outgoing.write('retry: 1000\n\n')
    const keepalive = setInterval(() => outgoing.write(': keepalive\n\n'), KEEPALIVE_MS)
    // Stryker disable next-line CallExpression: cleanup
    keepalive.unref()
    const stop = () => {
      clearInterval(keepalive)
      this.#open.delete(outgoing)
    }
    this.#open.set(outgoing, { api, stop })
    // Stryker disable next-line BooleanLiteral: same-value
    incoming.socket.setNoDelay(true)
    outgoing.once('close', () => this.#open.get(outgoing)?.stop())
  }

  #write(outgoing: ServerResponse, event: string, data: unknown): void {
    if (outgoing.writableEnded) return
    if (outgoing.writableLength > STREAM_BUFFER_BYTES) {
      this.#drop(outgoing)
      return
    }
    outgoing.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
  }

  /** Ends a stream whose client does not keep up: a last event says why, then the connection closes. */
  #drop(outgoing: ServerResponse): void {
    this.#open.get(outgoing)?.stop()
    const reason = `this stream held over ${STREAM_BUFFER_BYTES} bytes its client had not read: it is dropped (reconnect to follow again)`
    // The connection closes with the stream (a kept-alive one would hold the rest of a stalled buffer).
    outgoing.end(`event: dropped\ndata: ${JSON.stringify({ reason })}\n\n`, () => outgoing.destroy())
    // A client that reads nothing more is cut off, its buffer let go.
    const cut = setTimeout(() => outgoing.destroy(), DROP_GRACE_MS)
    cut.unref()
    outgoing.once('close', () => clearTimeout(cut))
  }
}
