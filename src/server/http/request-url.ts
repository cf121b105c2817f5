import { memoByKey } from '../../handlers/memo.ts'

/**
 * A request's URL, parsed once per `Host` and target and then shared by every request to that URL (the
 * pipeline only reads it: see `ApiRequest.url`). Parsing was a tenth of the server's own work on a GET.
 * Bounded, as clients choose both: past 16 hosts or 1,024 targets of a host, that cache starts over.
 */
const byHost = memoByKey((host: string) => memoByKey((target: string) => parsed(target, `http://${host}`), { limit: 1024 }), {
  limit: 16,
})

/** The URL of `target` as the client addressed it (`host`), or on the server's own address without a usable Host. */
export function requestUrl(target: string, host: string | undefined, serverUrl: string): URL {
  return (host === undefined ? undefined : byHost(host)(target)) ?? fallbackUrl(target, host, serverUrl)
}

function parsed(target: string, base: string): URL | undefined {
  try {
    return new URL(target, base)
  } catch {
    return undefined
  }
}

function fallbackUrl(target: string, host: string | undefined, serverUrl: string): URL {
  return parsed(target, `http://${host ?? new URL(serverUrl).host}`) ?? new URL(target, serverUrl)
}
