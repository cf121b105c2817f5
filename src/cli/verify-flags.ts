/** The flags of `workspace-api-mock verify`: a table as in src/cli/serve-flags.ts (name, help, parser). */
import { flagOf, helpFlag, helpPage, parseTable, type Command, type Flag } from './flag-table.ts'
import { DEFAULT_RATE, duration, existingFile, headerValue, httpUrl, maxAnswerFlag, OPERATIONS_MODULE, outFile, unshownOperationsFlag, rate, serviceBase } from './flag-values.ts'
import { MAX_ANSWER_BYTES } from '../service-client/polite-client.ts'

export interface VerifyFlags {
  /** Base URL of the service, without `/api` and its trailing slash. */
  target: string
  apiKey: string
  apiSecret: string
  workspaceId: string | undefined
  write: boolean
  report: string | undefined
  junit: string | undefined
  /** The behaviour profile file to judge with (loaded by the command). */
  profile: string | undefined
  /** An operations module: the mock judges with its operations and fields of your own (loaded by the command). */
  operations: string | undefined
  /** Presets of the operations the spec does not show, by name, served by the mock too. */
  unshownOperations: readonly string[] | undefined
  profileOut: string | undefined
  /** An earlier report (`--report`): what differs since it is new, what no longer differs is gone. */
  baseline: string | undefined
  /** The operations module to write (or merge into) from what the target has and the mock lacks. */
  operationsOut: string | undefined
  /** The OpenAPI document operations are read from (a URL or a file), instead of the target's own. */
  openapi: string | undefined
  rate: number
  /** Milliseconds one answer may take, read whole. */
  timeout: number
  /** Most bytes of one answer, decompressed. */
  maxAnswerBytes: number
  help: boolean
}

const DEFAULTS: Partial<VerifyFlags> = { write: false, rate: DEFAULT_RATE, timeout: 10_000, maxAnswerBytes: MAX_ANSWER_BYTES, help: false }

const flag = flagOf<VerifyFlags>()

/** An http(s) URL, or a file that exists. */
const urlOrFile = (text: string, name: string): string => (/^https?:\/\//i.test(text) ? httpUrl(text, name) : existingFile(text, name))

export const VERIFY_FLAGS: readonly Flag<VerifyFlags>[] = [
  flag({ name: 'target', key: 'target', value: '<url>', required: true, description: 'Base URL of the service, without /api (http or https)', parse: serviceBase }),
  flag({ name: 'api-key', key: 'apiKey', value: '<key>', required: true, description: 'X-API-Key of the principal the requests are sent as', parse: headerValue }),
  flag({ name: 'api-secret', key: 'apiSecret', value: '<secret>', required: true, description: 'X-API-Secret of that principal (never written to the report or the output)', parse: headerValue }),
  flag({ name: 'workspace-id', key: 'workspaceId', value: '<id>', description: 'Workspace to read (and with --write, to update) instead of the first with applications' }),
  flag({
    name: 'write',
    key: 'write',
    description:
      'Also create and update: creates one workspace named "workspace-api-mock verify" and\n' +
      'updates its description (or that of --workspace-id), sends invalid bodies (422) and\n' +
      'bodies the transport refuses (400, 413, 415), which change nothing',
  }),
  flag({ name: 'report', key: 'report', value: '<file.json>', description: 'Write the report as JSON' }),
  flag({ name: 'junit', key: 'junit', value: '<file.xml>', description: 'Write the report as JUnit XML' }),
  flag({ name: 'profile', key: 'profile', value: '<file.json>', description: 'Judge the target against the mock with this behaviour profile' }),
  flag({ name: 'operations', key: 'operations', value: '<module.ts>', description: `Judge with a mock that also serves operations and fields of your own (reads probed,\nwrites with --write), from ${OPERATIONS_MODULE}`, parse: existingFile }),
  unshownOperationsFlag<VerifyFlags>('Judge with a mock that also serves these presets of the operations the spec does not\nshow (all, or names: see the serve command\'s --help); reads probed, writes with --write'),
  flag({ name: 'profile-out', key: 'profileOut', value: '<file>', description: "Write a profile with the target's values for the knobs where it differs" }),
  flag({
    name: 'baseline',
    key: 'baseline',
    value: '<report.json>',
    description: 'Compare with an earlier --report: say what is new, gone and unchanged since;\nexit code 1 only for what is new (JUnit: known differences skipped)',
    parse: existingFile,
  }),
  flag({
    name: 'operations-out',
    key: 'operationsOut',
    value: '<file.ts>',
    description: 'Write the operations module that makes the mock follow the target: its fields and\noperations the mock lacks (a file written before is merged into, its edits kept)',
    parse: outFile,
  }),
  flag({
    name: 'openapi',
    key: 'openapi',
    value: '<url|file>',
    description: "The service's OpenAPI document --operations-out reads operations from\n(default: the target's /api/openapi.json, when it serves one)",
    parse: urlOrFile,
  }),
  flag({
    name: 'rate',
    key: 'rate',
    value: '<requests/s>',
    description: `Most requests a second to the target (default ${DEFAULTS.rate}); a 429 with Retry-After\n(up to a minute) is waited for and asked again, three tries`,
    parse: rate,
  }),
  flag({
    name: 'timeout',
    key: 'timeout',
    value: '<duration>',
    description: `Longest wait for one answer, read whole: 10s, 2m, or milliseconds (default ${DEFAULTS.timeout! / 1000}s)`,
    parse: duration(1, { bare: true }),
  }),
  maxAnswerFlag<VerifyFlags>(),
  helpFlag<VerifyFlags>(),
]

const VERIFY: Command<VerifyFlags> = {
  command: 'verify',
  flags: VERIFY_FLAGS,
  defaults: DEFAULTS,
  intro: [
    'Usage: workspace-api-mock verify --target <url> --api-key <key> --api-secret <secret> [flags]',
    '',
    'Sends a conformance suite of requests to a live service and judges each answer against the OpenAPI',
    'document and against what the mock decides for that case (statuses, problem titles and error locations,',
    'bounds, defaults, headers, list order, record fields, id shapes, timestamps). Read-only by default.',
  ],
  outro: ['Exit codes: 0 nothing differs, 1 something differs (with --baseline: something new), 2 usage mistakes and targets it cannot use.'],
}

/** Parses the arguments after `verify`; throws `FlagError` with a message for the user. */
export const parseVerifyFlags = (argv: readonly string[]): VerifyFlags => parseTable(argv, VERIFY).settings

export const verifyHelpText = (): string => helpPage(VERIFY)
