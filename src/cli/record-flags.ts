/**
 * The flags of `workspace-api-mock record`: a table as in src/cli/serve-flags.ts (name, help, parser), with its
 * own settings, since the command shares none of the server's flags.
 */
import { FlagError, flagOf, helpFlag, helpPage, parseTable, type Command, type Flag } from './flag-table.ts'
import { DEFAULT_RATE, duration, existingFile, headerValue, httpUrl, integer, maxAnswerFlag, OPERATIONS_MODULE, outFile, rate, serviceBase } from './flag-values.ts'
import { DEFAULT_ASSETS_ORIGIN } from '../model/icons.ts'
import { MAX_RECORDED } from '../record/read.ts'
import { MAX_ANSWER_BYTES } from '../service-client/polite-client.ts'

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
  /** Milliseconds one request may take, its answer read whole. */
  timeout: number
  /** An operations module whose fields of your own the records keep. */
  operations: string | undefined
  /** Most records (workspaces and applications) the recording keeps. */
  maxRecords: number
  /** Most bytes of one answer, decompressed. */
  maxAnswerBytes: number
  help: boolean
}

const DEFAULTS: Partial<RecordSettings> = {
  asKey: undefined,
  asSecret: undefined,
  operations: undefined,
  iconsOrigin: DEFAULT_ASSETS_ORIGIN,
  rate: DEFAULT_RATE,
  timeout: 30_000,
  maxRecords: MAX_RECORDED,
  maxAnswerBytes: MAX_ANSWER_BYTES,
  help: false,
}

function origin(text: string, flag: string): string {
  const url = httpUrl(text, flag)
  if (new URL(url).origin !== url) throw new FlagError(`${flag} must be an origin, without a path: such as ${DEFAULT_ASSETS_ORIGIN}, got "${text}"`)
  return url
}

const flag = flagOf<RecordSettings>()

export const RECORD_FLAGS: readonly Flag<RecordSettings>[] = [
  flag({ name: 'target', key: 'target', value: '<url>', required: true, description: 'Base URL of the service to record, without /api (its paths start with /api)', parse: serviceBase }),
  flag({ name: 'api-key', key: 'apiKey', value: '<key>', required: true, description: 'X-API-Key of a principal of the service', parse: headerValue }),
  flag({ name: 'api-secret', key: 'apiSecret', value: '<secret>', required: true, description: 'X-API-Secret of that principal (never written to the file)', parse: headerValue }),
  flag({ name: 'out', key: 'out', value: '<file.json>', required: true, description: 'The state file to write (replaced if it exists)', parse: outFile }),
  flag({ name: 'operations', key: 'operations', value: '<module.ts>', description: `Keep the fields of your own, declared in ${OPERATIONS_MODULE}`, parse: existingFile }),
  flag({ name: 'as-key', key: 'asKey', value: '<key>', description: "The recorded principal's X-API-Key in the mock (default: generated)", parse: headerValue }),
  flag({ name: 'as-secret', key: 'asSecret', value: '<secret>', description: "The recorded principal's X-API-Secret in the mock (default: generated)", parse: headerValue }),
  flag({
    name: 'icons-origin',
    key: 'iconsOrigin',
    value: '<url>',
    description: `Origin of the mock whose icons the records point at (default ${DEFAULT_ASSETS_ORIGIN})`,
    parse: origin,
  }),
  flag({ name: 'rate', key: 'rate', value: '<req/s>', description: `Most requests per second, one at a time (default ${DEFAULTS.rate})`, parse: rate }),
  flag({ name: 'timeout', key: 'timeout', value: '<duration>', description: `Give up on a request and its answer after this long: 30s, 2m (default ${DEFAULTS.timeout! / 1000}s)`, parse: duration(1) }),
  flag({
    name: 'max-records',
    key: 'maxRecords',
    value: '<n>',
    description: `Stop (exit 2, nothing written) past this many workspaces and applications (default ${MAX_RECORDED.toLocaleString('en-US')})`,
    parse: integer(1, 100_000_000),
  }),
  maxAnswerFlag(),
  helpFlag<RecordSettings>(),
]

const RECORD: Command<RecordSettings> = {
  command: 'record',
  flags: RECORD_FLAGS,
  defaults: DEFAULTS,
  intro: [
    'Usage: workspace-api-mock record --target <url> --api-key <key> --api-secret <secret> --out <file.json> [flags]',
    '',
    "Reads every workspace a principal of the service sees and every page of their applications, and writes",
    'a state file for --state, POST /__admin/state, createMockApi({ state }) and startMockWorker, with a',
    "principal of its own (generated, or --as-key/--as-secret). The service's secret is not written.",
  ],
  outro: [
    'Example:',
    '  workspace-api-mock record --target https://api.example.com --api-key K --api-secret S --out recorded.json',
    '  workspace-api-mock --state recorded.json',
    '',
    'Exit codes: 0 written; 2 a flag, the target or its answers are wrong (one line says which); 1 otherwise.',
  ],
}

/** Parses the arguments after `record`; throws `FlagError` with a message for the user. */
export const parseRecordFlags = (argv: readonly string[]): RecordSettings => parseTable(argv, RECORD).settings

export const recordHelpText = (): string => helpPage(RECORD)
