/**
 * The flags of the `workspace-api-mock` command, as one table: each entry names the flag, documents it
 * for `--help`, and parses its text into one field of `CliSettings`.
 *
 * To add a flag (e.g. `--latency 200-800` or `--fail-rate 0.05`):
 *  1. add its field to `CliSettings` and its default to `DEFAULT_SETTINGS`,
 *  2. add a `defineFlag({ ... })` entry to `FLAGS` whose `parse` turns the text into that field's value
 *     (throw `FlagError` with a message that says what is allowed),
 *  3. pass the field on where main.ts turns the settings into `startMockServer` options.
 * `--help`, unknown-flag suggestions and error messages then cover it without further changes (flag-table.ts,
 * the mechanism `record` and `verify` use too).
 */
import { LIVE_MODES, type LiveMode } from '../live/options.ts'
import { resolveScenario } from '../scenarios/resolve.ts'
import { scenarios } from '../scenarios/presets.ts'
import { DEFAULT_LIMITS, DEFAULT_SESSION_LIMITS } from '../server/limits.ts'
import { MAX_LATENCY_MS } from '../testkit/fault-bounds.ts'
import { FlagError, flagOf, flagRows, helpFlag, parseTable, type Flag as TableFlag } from './flag-table.ts'
import { adminToken, duration, existingFile, headerValue, integer, OPERATIONS_MODULE, serviceBase, size, unshownOperationsFlag } from './flag-values.ts'
import { sizeText } from '../text/size-text.ts'

/** Everything the command line can set. */
export interface CliSettings {
  /** `serve` (the default), or `mcp`: the same server, driven over MCP on stdio. */
  command: 'serve' | 'mcp'
  port: number
  host: string
  /**
   * A preset name or `scale:<workspaces>x<applications>` (checked while parsing), or the path of a module
   * whose default export is a scenario function (see `isScenarioModule`).
   */
  scenario: string
  /** A state file to serve (a `snapshot()`, a fixture) instead of a scenario. */
  state: string | undefined
  /** A module of operations of your own (its default export) and fields of your own (its `fields` export). */
  operations: string | undefined
  /** Presets of the operations the spec does not show, by name, served too (`--unshown-operations`). */
  unshownOperations: readonly string[] | undefined
  /** Reload the state file, scenario module or operations module when it changes. */
  watch: boolean
  seed: number
  /** Replaces the first principal's API key / secret when set. */
  apiKey: string | undefined
  apiSecret: string | undefined
  /** Injected latency of every request, in ms: fixed or a `[min, max]` range. */
  latency: number | [number, number] | undefined
  /** Fraction of requests that fail with `failStatus`. */
  failRate: number | undefined
  failStatus: number
  /** Most sessions at once. */
  maxSessions: number
  /** Most bytes of JSON the sessions' own states and writes may hold together. */
  maxSessionBytes: number
  /** Most bytes of JSON the writes of each mock (the base state, each session) may keep. */
  maxWriteBytes: number
  /** Milliseconds without a request after which a session is deleted. */
  sessionIdle: number
  /** Most records a scenario or state loaded over HTTP may hold. */
  maxRecords: number
  /** Milliseconds a request may take to send its body. */
  bodyTimeout: number
  /** Bearer token of the server-wide admin routes; generated when the host is not loopback. */
  adminToken: string | undefined
  /** Host names the admin answers besides loopback names, IP literals and --host. */
  allowedHosts: string[]
  /** A behaviour profile file (docs/verify.md): the mock answers with its knobs. */
  profile: string | undefined
  /** The live service beside the mock (docs/live.md): its base URL, and the mode of each operation. */
  live: string | undefined
  liveOperations: Record<string, LiveMode> | undefined
  /** Collect coverage of the base state and each session (`GET /__admin/coverage`). */
  coverage: boolean
  help: boolean
  version: boolean
}

export const DEFAULT_SETTINGS: CliSettings = {
  command: 'serve',
  port: 4010,
  host: '127.0.0.1',
  scenario: 'demo',
  state: undefined,
  operations: undefined,
  unshownOperations: undefined,
  watch: false,
  seed: 1,
  apiKey: undefined,
  apiSecret: undefined,
  latency: undefined,
  failRate: undefined,
  failStatus: 503,
  maxSessions: DEFAULT_SESSION_LIMITS.maxSessions,
  maxSessionBytes: DEFAULT_SESSION_LIMITS.maxStateBytes,
  maxWriteBytes: DEFAULT_LIMITS.maxWriteBytes,
  sessionIdle: DEFAULT_SESSION_LIMITS.idleTimeout,
  maxRecords: DEFAULT_LIMITS.maxRecords,
  bodyTimeout: DEFAULT_LIMITS.bodyTimeout,
  adminToken: undefined,
  allowedHosts: [],
  profile: undefined,
  live: undefined,
  liveOperations: undefined,
  coverage: false,
  help: false,
  version: false,
}

export { FlagError }

export type Flag = TableFlag<CliSettings>

/** Identity helper that ties a flag's `parse` result to its settings field. */
export const defineFlag = flagOf<CliSettings>()

/**
 * Whether a `--scenario` value names a module rather than a preset: a path (it has a slash) or a file
 * name with a JavaScript or TypeScript extension. Preset names never look like either.
 */
export function isScenarioModule(value: string): boolean {
  return /[/\\]/.test(value) || /\.(?:[cm]?js|[cm]?ts)$/.test(value)
}

export const FLAGS: readonly Flag[] = [
  defineFlag({
    name: 'port',
    short: 'p',
    key: 'port',
    value: '<number>',
    description: `TCP port to listen on, 0 for any free port (default ${DEFAULT_SETTINGS.port}; with mcp, any free port)`,
    parse: integer(0, 65535),
  }),
  defineFlag({
    name: 'host',
    key: 'host',
    value: '<address>',
    description: `Interface to listen on; 0.0.0.0 for every interface (default ${DEFAULT_SETTINGS.host})`,
    parse(text, flag) {
      if (text.trim() === '') throw new FlagError(`${flag} must not be empty`)
      return text
    },
  }),
  defineFlag({
    name: 'scenario',
    key: 'scenario',
    value: '<name|file>',
    description:
      `Data to serve: ${Object.keys(scenarios).join(', ')}, scale:<workspaces>x<apps>,` +
      ` or a .js/.ts scenario module (default ${DEFAULT_SETTINGS.scenario})`,
    parse(text, flag) {
      if (isScenarioModule(text)) return existingFile(text, flag)
      try {
        resolveScenario(text as Parameters<typeof resolveScenario>[0])
      } catch (error) {
        throw new FlagError(`${flag}: ${(error as Error).message.replace(', or a function', '')}`)
      }
      return text
    },
  }),
  defineFlag({
    name: 'state',
    key: 'state',
    value: '<file.json>',
    description: 'Serve a state file instead: a snapshot, your own, or node_modules/workspace-api-mock/fixtures/small.json',
    parse: existingFile,
  }),
  defineFlag({
    name: 'operations',
    key: 'operations',
    value: '<module.ts>',
    description: `Also serve operations and fields of your own, from ${OPERATIONS_MODULE}`,
    parse: existingFile,
  }),
  unshownOperationsFlag<CliSettings>(
    'Also serve presets of the operations the spec does not show: all, or some of deleteWorkspace,\ncreateApplication, updateApplication, deleteApplication (docs/extending.md)',
  ),
  defineFlag({
    name: 'watch',
    key: 'watch',
    description: 'Reload the --state file, --scenario module or --operations module when it changes',
  }),
  defineFlag({
    name: 'seed',
    key: 'seed',
    value: '<integer>',
    description: `Seed of the generated data: the same seed serves the same data (default ${DEFAULT_SETTINGS.seed})`,
    parse: integer(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
  }),
  defineFlag({
    name: 'api-key',
    key: 'apiKey',
    value: '<key>',
    description: "Use this X-API-Key for the first principal instead of the generated one",
    parse: headerValue,
  }),
  defineFlag({
    name: 'api-secret',
    key: 'apiSecret',
    value: '<secret>',
    description: "Use this X-API-Secret for the first principal instead of the generated one",
    parse: headerValue,
  }),
  defineFlag({
    name: 'latency',
    key: 'latency',
    value: '<ms|min-max>',
    description: 'Delay every API request: a fixed time or a seeded range, e.g. 200-800',
    parse(text, flag) {
      const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(text)
      const min = Number(match?.[1])
      const max = match?.[2] === undefined ? min : Number(match[2])
      if (!match || max < min || max > MAX_LATENCY_MS) {
        throw new FlagError(`${flag} must be milliseconds up to ${MAX_LATENCY_MS} or a range min-max (e.g. 200-800), got "${text}"`)
      }
      return match[2] === undefined ? min : [min, max]
    },
  }),
  defineFlag({
    name: 'fail-rate',
    key: 'failRate',
    value: '<0..1>',
    description: 'Fail this fraction of API requests (seeded), with --fail-status',
    parse(text, flag) {
      // The pattern admits only numbers from 0 to 1: 0, 1, 0.05, .5, 1.0.
      if (!/^(?:0|1|0?\.\d+|1\.0*)$/.test(text)) throw new FlagError(`${flag} must be a number from 0 to 1, got "${text}"`)
      return Number(text)
    },
  }),
  defineFlag({
    name: 'fail-status',
    key: 'failStatus',
    value: '<status>',
    description: `Status of the failures --fail-rate injects (default ${DEFAULT_SETTINGS.failStatus})`,
    parse: integer(400, 599),
  }),
  defineFlag({
    name: 'max-sessions',
    key: 'maxSessions',
    value: '<number>',
    description: `Most sessions at once (default ${DEFAULT_SETTINGS.maxSessions})`,
    parse: integer(0, 100_000),
  }),
  defineFlag({
    name: 'max-session-bytes',
    key: 'maxSessionBytes',
    value: '<size>',
    description: `Most JSON the states sessions are given and their writes may hold together: 64MiB, 1GiB (default ${sizeText(DEFAULT_SETTINGS.maxSessionBytes).replace(' ', '')})`,
    parse: size(1024),
  }),
  defineFlag({
    name: 'max-write-bytes',
    key: 'maxWriteBytes',
    value: '<size>',
    description: `Most JSON the records written through the API may keep, in the base state and in each session: 16MiB, 256MiB (default ${sizeText(DEFAULT_SETTINGS.maxWriteBytes).replace(' ', '')})`,
    parse: size(1024),
  }),
  defineFlag({
    name: 'session-idle',
    key: 'sessionIdle',
    value: '<duration>',
    description: `Delete a session after this long unused: 30m, 90s, 2h (default ${DEFAULT_SETTINGS.sessionIdle / 60_000}m)`,
    parse: duration(100),
  }),
  defineFlag({
    name: 'max-records',
    key: 'maxRecords',
    value: '<number>',
    description: `Most records a scenario or state loaded over HTTP may hold (default ${DEFAULT_SETTINGS.maxRecords})`,
    parse: integer(1, 100_000_000),
  }),
  defineFlag({
    name: 'body-timeout',
    key: 'bodyTimeout',
    value: '<duration>',
    description: `Answer 408 to a request whose body takes longer: 30s, 2m (default ${DEFAULT_SETTINGS.bodyTimeout / 1000}s)`,
    parse: duration(1),
  }),
  defineFlag({
    name: 'admin-token',
    key: 'adminToken',
    value: '<token>',
    description: 'Admin routes and console need Authorization: Bearer <token> (generated when --host is not loopback)',
    parse: adminToken,
  }),
  defineFlag({
    name: 'allowed-host',
    key: 'allowedHosts',
    value: '<name>',
    multiple: true,
    description: 'A Host name the admin answers besides loopback, IP addresses and --host (repeatable; .example.com: its subdomains too)',
    parse(text, flag) {
      if (!/^\.?[a-z0-9-]+(?:\.[a-z0-9-]+)*$/i.test(text)) throw new FlagError(`${flag} must be a host name such as mock.example.com or .example.com, got "${text}"`)
      return text.toLowerCase()
    },
  }),
  defineFlag({
    name: 'profile',
    key: 'profile',
    value: '<profile.json>',
    description: 'Answer with the knobs of a behaviour profile, e.g. one "workspace-api-mock verify --profile-out" wrote',
    parse: existingFile,
  }),
  defineFlag({
    name: 'live',
    key: 'live',
    value: '<url>',
    description:
      'The live service beside the mock, its base URL without /api: the operations --live-operations\n' +
      'names go there (credentials from WORKSPACE_API_MOCK_LIVE_KEY and WORKSPACE_API_MOCK_LIVE_SECRET)',
    parse: serviceBase,
  }),
  defineFlag({
    name: 'live-operations',
    key: 'liveOperations',
    value: '<name=mode,...>',
    description: `The mode of each operation with --live, * for the rest: ${LIVE_MODES.join(', ')}\n(e.g. getWorkspace=live,listApplications=record,*=shadow; unnamed ones stay on mock)`,
    parse: liveOperations,
  }),
  defineFlag({
    name: 'coverage',
    key: 'coverage',
    description: 'Collect what the base state and each session answered of the outcomes that exist:\nGET /__admin/coverage (docs/coverage.md); also on when WORKSPACE_API_MOCK_COVERAGE=1',
  }),
  helpFlag<CliSettings>(),
  defineFlag({ name: 'version', key: 'version', description: 'Show the version and exit' }),
]

/** `name=mode,name=mode`: each operation (or `*`) once, with a mode of LIVE_MODES (names are checked against the mock's when it starts). */
function liveOperations(text: string, flag: string): Record<string, LiveMode> {
  const modes: Record<string, LiveMode> = {}
  for (const pair of text.split(',')) {
    const [name = '', mode, ...rest] = pair.split('=').map((part) => part.trim())
    if (!/^(?:\*|[A-Za-z_$][\w$]*)$/.test(name) || mode === undefined || rest.length > 0) {
      throw new FlagError(`${flag} must be name=mode pairs separated by commas, such as listWorkspaces=live,*=shadow; got "${pair}"`)
    }
    if (!LIVE_MODES.includes(mode as LiveMode)) throw new FlagError(`${flag}: the mode of ${name} must be one of ${LIVE_MODES.join(', ')}, got "${mode}"`)
    if (Object.hasOwn(modes, name)) throw new FlagError(`${flag} names ${name} twice`)
    modes[name] = mode as LiveMode
  }
  return modes
}

/** Parses the arguments after the command name; throws `FlagError` with a message for the user. */
export function parseFlags(argv: readonly string[], flags: readonly Flag[] = FLAGS): CliSettings {
  const { settings, positionals, given } = parseTable(argv, { flags, defaults: DEFAULT_SETTINGS, positionals: 1 })
  const [command = 'serve'] = positionals
  if (command !== 'serve' && command !== 'mcp') {
    throw new FlagError(`unknown command "${command}": the commands are serve (the default), mcp, record, verify, contract, coverage and drift`)
  }
  if (given('state') && given('scenario')) {
    throw new FlagError('--state and --scenario are alternatives: --state serves a file, --scenario builds data; give one')
  }
  if ((settings.live === undefined) !== (settings.liveOperations === undefined)) {
    throw new FlagError(
      settings.live === undefined
        ? '--live-operations needs --live <url>, the service they go to'
        : '--live needs --live-operations: which operations go to the service, e.g. --live-operations "listWorkspaces=live,*=shadow"',
    )
  }
  if (settings.watch && settings.state === undefined && !isScenarioModule(settings.scenario) && settings.operations === undefined) {
    throw new FlagError('--watch reloads a --state file, a --scenario module or an --operations module: give one of them')
  }
  // An agent's MCP server runs beside whatever else is open (a demo server on 4010): it takes a free port
  // unless told one, and says which (the banner on stderr, the `principals` tool).
  const port = command === 'mcp' && !given('port') ? 0 : settings.port
  return { ...settings, port, command }
}

/** The `--help` text, generated from the table. */
export function helpText(flags: readonly Flag[] = FLAGS): string {
  // Stryker disable StringLiteral: help-text
  const intro = [
    'Usage: workspace-api-mock [serve | mcp] [flags]',
    '       workspace-api-mock record --target <url> --api-key <key> --api-secret <secret> --out <file.json>',
    '       workspace-api-mock verify --target <url> --api-key <key> --api-secret <secret> [flags]',
    '       workspace-api-mock contract <journal.json>... --out <pact.json> [flags]',
    '       workspace-api-mock drift --operations-out <file.ts> --url <server> [flags]',
    '',
    'Serves an in-memory mock of the Workspace and Application Management API over HTTP,',
    'with generated data, CORS for pages on any origin, and icons under /api/icons/.',
    '',
    'Flags:',
  ]
  const outro = [
    '',
    'Examples:',
    '  workspace-api-mock',
    '  workspace-api-mock --port 8080 --scenario multi-tenant --seed 7',
    '  workspace-api-mock --scenario scale:100x500 --api-key dev-key --api-secret dev-secret',
    '  workspace-api-mock --latency 200-800 --fail-rate 0.05',
    '  workspace-api-mock --state snapshot.json --watch',
    '  workspace-api-mock --scenario ./my-scenario.ts --watch',
    '  workspace-api-mock --operations ./my-operations.ts --watch',
    '  workspace-api-mock --unshown-operations deleteApplication',
    '  workspace-api-mock --host 0.0.0.0 --allowed-host mock.team.example --admin-token <16+ characters>',
    '  workspace-api-mock --live https://staging.example.com --live-operations "getWorkspace=live,*=shadow"',
    '',
    'The record command reads a service\'s workspaces and applications through its API into a state file',
    'to serve with --state, under a principal of its own: "workspace-api-mock record --help", docs/record.md.',
    '',
    'The console: open the base URL (or /__admin/) in a browser: requests as they arrive, faults,',
    'reset, snapshot and upload of the state, sessions.',
    '',
    'MCP, for agents: the admin routes as tools at /__admin/mcp (Streamable HTTP), or on stdio with',
    '"workspace-api-mock mcp [flags]" (the same server, its banner on stderr). See docs/demo-server.md.',
    '',
    'verify: holds a live service to the mock\'s decisions ("workspace-api-mock verify --help").',
    '',
    'contract: writes a Pact V4 consumer contract from the mock\'s journal, for the provider to verify',
    '("workspace-api-mock contract --help", docs/contract.md).',
    '',
    'drift: writes the module that makes the mock follow what a running server\'s --live service showed',
    '("workspace-api-mock drift --help", docs/live.md).',
    '',
    'Admin routes, under /__admin/ for the base state and under /__admin/sessions/{id}/ for a session:',
    'POST/GET/DELETE faults, GET/DELETE journal, GET drift (drift/findings, drift/module), POST reset,',
    'GET snapshot, POST state, GET info.',
    'Writes take application/json. On loopback they need no credentials; with --admin-token (generated',
    'when --host is not loopback) they need Authorization: Bearer <token>, and a session\'s own routes',
    'also take its own X-API-Key and X-API-Secret. Other origins and unknown Host names are refused.',
    'Sessions, for parallel clients: POST /__admin/sessions ({"scenario","seed"} or {"state"}, all',
    'optional) answers 201 with an id, apiKey, apiSecret and workspaceIds of its own;',
    'GET /__admin/sessions lists them, DELETE /__admin/sessions/{id} ends one. See docs/demo-server.md.',
    '',
    'Documentation: README.md and docs/ of the package (node_modules/workspace-api-mock/ in a project).',
    '',
  ]
  // Stryker restore StringLiteral
  return [...intro, ...flagRows(flags), ...outro].join('\n')
}
