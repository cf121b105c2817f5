/**
 * `--live` and `--live-operations`: the server's `live` option (docs/live.md). The service's credentials
 * come from the environment, never from a flag, which a shell's history keeps; drift is printed as it is
 * found, one line each, as `verify` prints its checks.
 */
import type { LiveOptions } from '../live/options.ts'
import type { Credentials } from '../model/credentials.ts'
import { checkLine } from '../text/check-line.ts'
import { FlagError } from './flag-table.ts'
import type { CliSettings } from './serve-flags.ts'

export const LIVE_KEY_VARIABLE = 'WORKSPACE_API_MOCK_LIVE_KEY'
export const LIVE_SECRET_VARIABLE = 'WORKSPACE_API_MOCK_LIVE_SECRET'

/** The `live` option of the flags; throws `FlagError` for credentials the environment gives half of, or unsendable. */
export function liveOption(settings: CliSettings, env: NodeJS.ProcessEnv, out: NodeJS.WritableStream): LiveOptions | undefined {
  if (settings.live === undefined) return undefined
  const credentials = liveCredentials(env)
  return {
    target: settings.live,
    operations: settings.liveOperations ?? {},
    ...(credentials && { credentials }),
    onDrift: (entry) => out.write(`${checkLine(entry)}\n`),
  }
}

function liveCredentials(env: NodeJS.ProcessEnv): Credentials | undefined {
  const apiKey = env[LIVE_KEY_VARIABLE]
  const apiSecret = env[LIVE_SECRET_VARIABLE]
  if (apiKey === undefined && apiSecret === undefined) return undefined
  if (apiKey === undefined || apiSecret === undefined) {
    throw new FlagError(`--live: set both ${LIVE_KEY_VARIABLE} and ${LIVE_SECRET_VARIABLE} (the service's credentials), or neither to send none`)
  }
  for (const [name, value] of [[LIVE_KEY_VARIABLE, apiKey], [LIVE_SECRET_VARIABLE, apiSecret]] as const) {
    if (!/^[\x21-\x7e]+$/.test(value)) throw new FlagError(`--live: ${name} must be printable ASCII without spaces`)
  }
  return { apiKey, apiSecret }
}

/** The banner's line: where the operations go, and with which credentials (never shown). */
export function liveLine(settings: CliSettings, env: NodeJS.ProcessEnv, beyondLoopback: boolean): string[] {
  if (settings.live === undefined) return []
  const modes = Object.entries(settings.liveOperations ?? {}).map(([name, mode]) => `${name} ${mode}`).join(', ')
  const credentials = env[LIVE_KEY_VARIABLE] === undefined ? `none (set ${LIVE_KEY_VARIABLE} and ${LIVE_SECRET_VARIABLE})` : `from ${LIVE_KEY_VARIABLE} and ${LIVE_SECRET_VARIABLE}`
  const admin = beyondLoopback ? '; forwarded only for requests with the admin token (Authorization: Bearer <token>)' : ''
  return ['', `Live service: ${settings.live} (${modes}; the rest on the mock); its credentials: ${credentials}${admin}.`, 'Drift is printed as it is found; GET /__admin/drift lists it.']
}
