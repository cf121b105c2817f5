/** The URL of `target` as the client addressed it (`host`), or on the server's own address without a usable Host. */
export function requestUrl(target: string, host: string | undefined, serverUrl: string): URL {
  return (host === undefined ? undefined : parsed(target, `http://${host}`)) ?? fallbackUrl(target, host, serverUrl)
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
