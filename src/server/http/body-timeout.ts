import { Problem } from '../../handlers/reply/problem.ts'
import type { Exchange } from './exchange.ts'

/**
 * A body that does not arrive in time (a client that sends less than its Content-Length, or stalls) is
 * answered 408 and its connection closed, rather than holding the request for Node's 300 s. A request
 * already answered (a 401 or 415 that needed no body) just loses its connection.
 */
export function guardBody(exchange: Exchange, timeout: number): void {
  const { incoming, outgoing, request } = exchange
  if (incoming.complete || !declaresBody(exchange)) return
  const timer = setTimeout(() => {
    if (incoming.complete || incoming.socket?.destroyed !== false) return
    if (outgoing.headersSent) {
      incoming.socket.destroy()
      return
    }
    outgoing.setHeader('Connection', 'close')
    outgoing.once('finish', () => incoming.socket.destroy())
    exchange.deliver(new Problem(408, `the request body did not arrive within ${seconds(timeout)} (${request.header('Content-Length') ?? 'chunked'} bytes announced)`))
  }, timeout)
  timer.unref()
  const stop = () => clearTimeout(timer)
  incoming.once('end', stop)
  incoming.once('close', stop)
}

function declaresBody({ request }: Exchange): boolean {
  const length = request.header('Content-Length')
  return (length !== null && length !== '0') || request.header('Transfer-Encoding') !== null
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`
}
