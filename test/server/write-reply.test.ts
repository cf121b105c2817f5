import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, test } from 'vitest'
import type { ApiRequest } from '../../src/handlers/api-request.ts'
import { reply } from '../../src/handlers/reply/reply.ts'
import { writeReply } from '../../src/server/http/write-reply.ts'

/** A ServerResponse that keeps what it was given and finishes only when told to. */
function recorder() {
  const written: { head?: [number, Record<string, string>]; body?: Uint8Array; copy?: string; finish?: () => void } = {}
  const outgoing = {
    setHeader() {},
    writeHead(status: number, headers: Record<string, string>) {
      written.head = [status, headers]
    },
    end(body?: Uint8Array, callback?: (error?: Error | null) => void) {
      written.body = body
      written.copy = body ? new TextDecoder().decode(body) : ''
      written.finish = () => callback?.(null)
    },
  }
  return { written, outgoing: outgoing as unknown as ServerResponse }
}

const incoming = { complete: true, method: 'GET' } as IncomingMessage
const request = { header: () => null } as unknown as ApiRequest
const encode = (text: string) => new TextEncoder().encode(text)

describe('writeReply', () => {
  test('several chunks go out as one buffer with the length the kit computed', () => {
    const first = recorder()
    const fill = Buffer.poolSize
    const body = (letter: string) => [encode(`{"${letter}":"`), encode(letter.repeat(fill)), encode('"}')]
    writeReply(incoming, request, first.outgoing, reply(200, {}, body('a')), { Vary: 'Origin' })
    expect(first.written.head).toEqual([200, { Vary: 'Origin', 'Content-Length': String(fill + 8) }])
    expect(first.written.copy).toBe(`{"a":"${'a'.repeat(fill)}"}`)
    // Its own memory: a second reply does not write over the first while that is in flight.
    const second = recorder()
    writeReply(incoming, request, second.outgoing, reply(200, {}, body('b')), {})
    expect(new TextDecoder().decode(first.written.body)).toBe(first.written.copy)
  })

  test('the extra headers (CORS) and the reply\'s in the one object writeHead gets', () => {
    const [first, other] = [recorder(), recorder()]
    const cached = reply(200, { Link: '<x>', 'Content-Length': '2' }, '{}')
    writeReply(incoming, request, first.outgoing, cached, { 'Access-Control-Allow-Origin': '*' })
    writeReply(incoming, request, other.outgoing, cached, { 'Access-Control-Allow-Origin': 'http://page.test' })
    expect(first.written.head).toEqual([200, { 'Access-Control-Allow-Origin': '*', Link: '<x>', 'Content-Length': '2' }])
    expect(other.written.head).toEqual([200, { 'Access-Control-Allow-Origin': 'http://page.test', Link: '<x>', 'Content-Length': '2' }])
  })

  test('a small body is joined once, with its exact length', () => {
    const small = recorder()
    writeReply(incoming, request, small.outgoing, reply(201, {}, [encode('{"a":'), encode('1}')]), {})
    expect(small.written.head).toEqual([201, { 'Content-Length': '7' }])
    expect(small.written.body).toHaveLength(7)
    expect(small.written.copy).toBe('{"a":1}')
  })

  test('a HEAD request gets the headers and no body', () => {
    const head = recorder()
    writeReply({ complete: true, method: 'HEAD' } as IncomingMessage, request, head.outgoing, reply(405, { Allow: 'GET' }, 'x'), {})
    expect(head.written.head).toEqual([405, { Allow: 'GET', 'Content-Length': '1' }])
    expect(head.written.body).toBeUndefined()
  })
})
