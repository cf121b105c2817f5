/**
 * The flags of `workspace-api-mock record`: a table as in src/cli/flags.ts (name, help, parser), with its
 * own settings, since the command shares none of the server's flags.
 */
import { existsSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { closest, duration, FlagError, headerValue } from '../cli/flags.ts'
import { DEFAULT_ASSETS_ORIGIN } from '../model/icons.ts'

export interface RecordSettings {
  /** Base URL of the service; `/api/...` is appended (a path prefix is kept). */
  target: string
  apiKey: string
  apiSecret: string
  /** The state file to write. */
  out: string
  /** Credentials of the recorded principal; generated when not given. */
  asKey: string | undefined
  asSecret: string | undefined
  /** Origin of the mock that will serve the icons (the URLs in the file are absolute). */
  iconsOrigin: string
  /** Most requests per second; requests are sequential. */
  rate: number
  /** Milliseconds one request may take. */
  timeout: number
  help: boolean
}

export const DEFAULT_RATE = 5
const DEFAULT_TIMEOUT = 30_000

interface RecordFlag {
  name: string
  key: keyof RecordSettings
  value?: string
  required?: boolean
  description: string
  parse?: (text: string, flag: string) => unknown
}

/** An http(s) URL without query or fragment, given without its trailing slash. */
function httpUrl(text: string, flag: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new FlagError(`${flag} must be an http or https URL such as https://api.example.com, got "${text}"`)
  }
  if (!/^https?:$/.test(url.protocol)) throw new FlagError(`${flag} must be an http or https URL, got "${text}"`)
  if (url.search !== '' || url.hash !== '') throw new FlagError(`${flag} must be a base URL without query or fragment, got "${text}"`)
  // The command prints the target; credentials go in --api-key and --api-secret, which it never prints.
  if (url.username !== '' || url.password !== '') throw new FlagError(`${flag} must not hold a user name or password: give the principal with --api-key and --api-secret`)
  return url.href.replace(/\/+$/, '')
}

function origin(text: string, flag: string): string {
  const url = httpUrl(text, flag)
  if (new URL(url).origin !== url) throw new FlagError(`${flag} must be an origin, without a path: such as ${DEFAULT_ASSETS_ORIGIN}, got "${text}"`)
  return url
}

function rate(text: string, flag: string): number {
  const value = /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : Number.NaN
  if (!(value > 0)) throw new FlagError(`${flag} must be a number of requests per second above 0, such as 5 or 0.5, got "${text}"`)
  return value
}

/** A file to write, in a folder that exists now: a long recording must not fail at its last step. */
function outFile(text: string, flag: string): string {
  if (text.trim() === '') throw new FlagError(`${flag} must not be empty`)
  const folder = dirname(resolve(text))
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new FlagError(`${flag}: no such folder: ${folder}`)
  if (existsSync(text) && statSync(text).isDirectory()) throw new FlagError(`${flag} is a folder: ${text}`)
  return text
}

export const RECORD_FLAGS: readonly RecordFlag[] = [
  { name: 'target', key: 'target', value: '<url>', required: true, description: 'Base URL of the service to record (its paths start with /api)', parse: httpUrl },
  { name: 'api-key', key: 'apiKey', value: '<key>', required: true, description: 'X-API-Key of a principal of the service', parse: headerValue },
  { name: 'api-secret', key: 'apiSecret', value: '<secret>', required: true, description: 'X-API-Secret of that principal (never written to the file)', parse: headerValue },
  { name: 'out', key: 'out', value: '<file.json>', required: true, description: 'The state file to write (replaced if it exists)', parse: outFile },
  { name: 'as-key', key: 'asKey', value: '<key>', description: "The recorded principal's X-API-Key in the mock (default: generated)", parse: headerValue },
  { name: 'as-secret', key: 'asSecret', value: '<secret>', description: "The recorded principal's X-API-Secret in the mock (default: generated)", parse: headerValue },
  {
    name: 'icons-origin',
    key: 'iconsOrigin',
    value: '<url>',
    description: `Origin of the mock whose icons the records point at (default ${DEFAULT_ASSETS_ORIGIN})`,
    parse: origin,
  },
  { name: 'rate', key: 'rate', value: '<req/s>', description: `Most requests per second, one at a time (default ${DEFAULT_RATE})`, parse: rate },
  { name: 'timeout', key: 'timeout', value: '<duration>', description: `Give up on a request after this long: 30s, 2m (default ${DEFAULT_TIMEOUT / 1000}s)`, parse: duration(1) },
  { name: 'help', key: 'help', description: 'Show this help and exit' },
]

/** Parses the arguments after `record`; throws `FlagError` with a message for the user. */
export function parseRecordFlags(argv: readonly string[]): RecordSettings {
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: true,
      options: Object.fromEntries(RECORD_FLAGS.map((flag) => [flag.name, { type: flag.value ? 'string' : 'boolean', ...(flag.name === 'help' && { short: 'h' }) }])),
    } as Parameters<typeof parseArgs>[0])
  } catch (error) {
    throw parseError(error as Error & { code?: string })
  }
  if (parsed.positionals.length > 0) throw new FlagError(`unexpected argument "${parsed.positionals[0]}"`)
  const settings: Record<string, unknown> = { asKey: undefined, asSecret: undefined, iconsOrigin: DEFAULT_ASSETS_ORIGIN, rate: DEFAULT_RATE, timeout: DEFAULT_TIMEOUT, help: false }
  for (const flag of RECORD_FLAGS) {
    const raw = parsed.values[flag.name]
    if (raw !== undefined) settings[flag.key] = flag.parse ? flag.parse(String(raw), `--${flag.name}`) : raw
  }
  if (settings.help === true) return settings as unknown as RecordSettings
  const missing = RECORD_FLAGS.filter((flag) => flag.required && settings[flag.key] === undefined).map((flag) => `--${flag.name}`)
  if (missing.length > 0) throw new FlagError(`missing ${missing.join(', ')}: record --target <url> --api-key <key> --api-secret <secret> --out <file.json>`)
  return settings as unknown as RecordSettings
}

function parseError(error: Error & { code?: string }): FlagError {
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const given = /'([^']+)'/.exec(error.message)?.[1] ?? ''
    const guess = closest(given.replace(/^-+/, '').split('=')[0]!, RECORD_FLAGS.map((flag) => flag.name))
    return new FlagError(`unknown flag ${given} for record${guess ? ` (did you mean --${guess}?)` : ''}`)
  }
  for (const flag of RECORD_FLAGS) {
    if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && error.message.includes(`--${flag.name}`)) {
      return new FlagError(flag.value ? `--${flag.name} needs a value: --${flag.name} ${flag.value}` : `--${flag.name} takes no value`)
    }
  }
  return new FlagError(error.message)
}

/** The `record --help` text, generated from the table. */
export function recordHelpText(): string {
  const rows = RECORD_FLAGS.map((flag) => [`${flag.name === 'help' ? '-h, ' : '    '}--${flag.name}${flag.value ? ` ${flag.value}` : ''}`, flag.description] as const)
  const width = Math.max(...rows.map(([names]) => names.length)) + 2
  return [
    'Usage: workspace-api-mock record --target <url> --api-key <key> --api-secret <secret> --out <file.json> [flags]',
    '',
    "Reads every workspace a principal of the service sees and every page of their applications, and writes",
    'a state file for --state, POST /__admin/state, createMockApi({ state }) and startMockWorker, with a',
    "principal of its own (generated, or --as-key/--as-secret). The service's secret is not written.",
    '',
    'Flags:',
    ...rows.map(([names, description]) => `  ${names.padEnd(width)}${description}`),
    '',
    'Example:',
    '  workspace-api-mock record --target https://api.example.com --api-key K --api-secret S --out recorded.json',
    '  workspace-api-mock --state recorded.json',
    '',
    'Exit codes: 0 written; 2 a flag, the target or its answers are wrong (one line says which); 1 otherwise.',
    '',
  ].join('\n')
}
