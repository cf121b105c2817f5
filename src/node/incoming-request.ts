import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import { NO_BODY, type ApiRequest } from '../handlers/api-request.ts'
import { once } from '../handlers/memo.ts'
import { readUpTo } from '../handlers/read-body.ts'
import { MAX_BODY_BYTES } from '../handlers/request-body.ts'

/**
 * The pipeline's view of a `node:http` request, read straight from the parsed message: no Fetch `Request`
 * (and no `Headers` object) unless an override asks for one. Headers follow Fetch's rules: names in lower
 * case, repeated headers joined with ", ". The URL keeps the `Host` the client used.
 */
export function fromIncomingMessage(incoming: IncomingMessage, serverUrl: string): ApiRequest {
  const headers: Record<string, string> = Object.create(null)
  const raw = incoming.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase()
    const value = raw[i + 1]!
    const earlier = headers[name]
    headers[name] = earlier === undefined ? value : `${earlier}, ${value}`
  }
  const method = incoming.method ?? 'GET'
  const url = requestUrl(incoming.url ?? '/', headers.host, serverUrl)
  const hasBody = method !== 'GET' && method !== 'HEAD'
  const body = once(async () =>
    hasBody ? readUpTo(Readable.toWeb(incoming) as ReadableStream<Uint8Array>, MAX_BODY_BYTES) : NO_BODY,
  )
  return {
    method,
    url,
    hasBody,
    body,
    header: (name) => headers[name.toLowerCase()] ?? null,
    headerRecord: () => headers,
    async toFetchRequest() {
      const init: RequestInit = { method, headers: Object.entries(headers) }
      if (hasBody) init.body = (await body()).bytes
      return new Request(url, init)
    },
  }
}

function requestUrl(target: string, host: string | undefined, serverUrl: string): URL {
  try {
    return new URL(target, `http://${host ?? new URL(serverUrl).host}`)
  } catch {
    return new URL(target, serverUrl)
  }
}
