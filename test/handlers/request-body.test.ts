/**
 * Reading a JSON request body (docs/spec-decisions.md, "Body transport errors", "Rejected values in errors"):
 * which content types are JSON, the 413 limit by `Content-Length` and by counting, 400 for an empty or malformed
 * body, and the `detail` and `errors[].value` each of them shows the client.
 */
import { describe, expect, test } from 'vitest'
import { errorAt, expectProblem } from '../support/api-assertions.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'empty' })
const at = { origin: ORIGIN }
const MiB = 1024 * 1024

/** POST /api/workspaces with a raw body and content type. */
function post(body: BodyInit | undefined, contentType?: string) {
  return h.call('/api/workspaces', {
    method: 'POST',
    body,
    headers: contentType === undefined ? {} : { 'Content-Type': contentType },
  })
}

/** The same through `api.handle`, with any headers (Content-Length included) and a streamed body. */
function handle(body: BodyInit | null, headers: Record<string, string> = {}) {
  return h.api.handle(
    new Request(`${ORIGIN}/api/workspaces`, {
      method: 'POST',
      headers: {
        'X-API-Key': h.api.credentials.apiKey,
        'X-API-Secret': h.api.credentials.apiSecret,
        'Content-Type': 'application/json',
        ...headers,
      },
      body,
      duplex: 'half',
    } as RequestInit),
  )
}

/** A stream of `text`'s bytes cut into chunks of `size`. */
function chunked(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close()
        return
      }
      controller.enqueue(bytes.slice(offset, offset + size))
      offset += size
    },
  })
}

describe('content types', () => {
  test.each([
    'application/merge-patch+json',
    'application/vnd.example.v1+json; charset=utf-8',
    'application/json ; charset=utf-8',
    'APPLICATION/JSON',
  ])(
    '%s is JSON',
    async (type) => {
      const res = await post(JSON.stringify({ name: type }), type)
      expect(res.status, res.text).toBe(200)
      expect(res.body.data.name).toBe(type)
    },
  )

  test.each(['text/json', 'application/json-seq', 'application/jsonp', 'application/+json', 'xapplication/json'])(
    '%s is not JSON: 415 naming it',
    async (type) => {
      const body = expectProblem(await post(JSON.stringify({ name: 'x' }), type), 415, at)
      expect(body.detail).toBe(`expected Content-Type application/json, got "${type}"`)
    },
  )

  test('the parameters are not part of the type named in the detail', async () => {
    const body = expectProblem(await post('name=x', 'text/plain; charset=utf-8'), 415, at)
    expect(body.detail).toBe('expected Content-Type application/json, got "text/plain"')
  })

  test('no content type: 415 saying none was sent', async () => {
    const body = expectProblem(await post(new TextEncoder().encode('{"name":"x"}')), 415, at)
    expect(body.detail).toBe('expected Content-Type application/json, got none')
  })
})

describe('empty and malformed bodies: 400', () => {
  test('an empty body', async () => {
    const body = expectProblem(await post('', 'application/json'), 400, at)
    expect(body.detail).toBe('request body is required')
  })

  test('a body of white space only', async () => {
    const body = expectProblem(await post(' \n\t ', 'application/json'), 400, at)
    expect(body.detail).toBe('request body is required')
  })

  test('no body at all', async () => {
    const body = expectProblem(await post(undefined, 'application/json'), 400, at)
    expect(body.detail).toBe('request body is required')
  })

  test('malformed JSON: the detail carries the parser message', async () => {
    const body = expectProblem(await post('{"name":', 'application/json'), 400, at)
    expect(body.detail).toMatch(/^request body is not valid JSON: \S/)
  })

  test('bytes that are not UTF-8', async () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])
    const body = expectProblem(await post(bytes, 'application/json'), 400, at)
    expect(body.detail).toMatch(/^request body is not valid JSON: \S/)
  })
})

describe('the 1 MiB limit', () => {
  test('a declared Content-Length over 1 MiB: 413 naming it, before the body is read', async () => {
    const response = await handle('{"name":"small"}', { 'Content-Length': String(2 * MiB) })
    expect(response?.status).toBe(413)
    expect((await response!.json()).detail).toBe(`request body is larger than ${MiB} bytes (got ${2 * MiB} or more)`)
    expect(h.api.db.workspaces.count()).toBe(0)
  })

  test('a streamed body is counted: 413 naming what was read when it went past the limit', async () => {
    const text = JSON.stringify({ name: 'big', description: 'x'.repeat(2 * MiB) })
    const response = await handle(chunked(text, 100_000))
    expect(response?.status).toBe(413)
    // 10 chunks of 100,000 bytes are under 1 MiB; the 11th went past it.
    expect((await response!.json()).detail).toBe(`request body is larger than ${MiB} bytes (got 1100000 or more)`)
  })

  test('a body of exactly 1 MiB, declared and in uneven chunks, is read whole', async () => {
    const frame = JSON.stringify({ name: 'chunks', description: '' })
    const description = 'abcdefghij'.repeat(MiB / 8).slice(0, MiB - frame.length)
    const response = await handle(chunked(JSON.stringify({ name: 'chunks', description }), 100_003), {
      'Content-Length': String(MiB),
    })
    expect(response?.status).toBe(200)
    const { data } = await response!.json()
    expect(data.description).toBe(description)
  })

  test('a small body in many small chunks is read in order', async () => {
    const response = await handle(chunked(JSON.stringify({ name: 'in pieces', domain: 'pieces' }), 3))
    expect(response?.status).toBe(200)
    expect((await response!.json()).data).toMatchObject({ name: 'in pieces', domain: 'pieces' })
  })
})

describe('rejected values in errors', () => {
  test('a missing member has a detail without value', async () => {
    const body = expectProblem(await h.call('/api/workspaces', { method: 'POST', json: {} }), 422, at)
    const detail = errorAt(body, 'body.name')
    expect(Object.keys(detail)).not.toContain('value')
  })

  test('an unknown member is an "unexpected property" repeating its value', async () => {
    const res = await h.call('/api/workspaces', { method: 'POST', json: { name: 'x', color: 'red' } })
    const body = expectProblem(res, 422, { ...at, locations: ['body.color'] })
    expect(errorAt(body, 'body.color')).toEqual({ message: 'unexpected property', location: 'body.color', value: 'red' })
  })

  test('a small object is repeated as it is', async () => {
    const res = await h.call('/api/workspaces', { method: 'POST', json: { name: { first: 'a' } } })
    expect(errorAt(expectProblem(res, 422, at), 'body.name').value).toEqual({ first: 'a' })
  })

  test('an object over 1 KiB of JSON is summarized by its member count', async () => {
    const name = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`member${i}`, i]))
    expect(JSON.stringify(name).length).toBeGreaterThan(1024)
    const res = await h.call('/api/workspaces', { method: 'POST', json: { name } })
    expect(errorAt(expectProblem(res, 422, at), 'body.name').value).toBe('[object with 120 members]')
  })

  test('an object of exactly 1 KiB of JSON is repeated; one byte more is summarized', async () => {
    const sized = (length: number) => ({ text: 't'.repeat(length - '{"text":""}'.length) })
    expect(JSON.stringify(sized(1024)).length).toBe(1024)
    const kept = await h.call('/api/workspaces', { method: 'POST', json: { name: sized(1024) } })
    expect(errorAt(expectProblem(kept, 422, at), 'body.name').value).toEqual(sized(1024))
    const cut = await h.call('/api/workspaces', { method: 'POST', json: { name: sized(1025) } })
    expect(errorAt(expectProblem(cut, 422, at), 'body.name').value).toBe('[object with 1 members]')
  })

  test('an array over 1 KiB of JSON is summarized by its length', async () => {
    const name = Array.from({ length: 300 }, (_, i) => i)
    const res = await h.call('/api/workspaces', { method: 'POST', json: { name } })
    expect(errorAt(expectProblem(res, 422, at), 'body.name').value).toBe('[array of 300 items]')
  })

  test('a string of 256 characters is repeated whole; one of 257 is cut with an ellipsis', async () => {
    const whole = 'w'.repeat(256)
    const kept = await h.call('/api/workspaces', { method: 'POST', json: { name: 'x', extra: whole } })
    expect(errorAt(expectProblem(kept, 422, at), 'body.extra').value).toBe(whole)
    const cut = await h.call('/api/workspaces', { method: 'POST', json: { name: 'x', extra: `${whole}z` } })
    expect(errorAt(expectProblem(cut, 422, at), 'body.extra').value).toBe(`${whole}…`)
  })
})
