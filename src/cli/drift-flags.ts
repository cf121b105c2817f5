/** The flags of `workspace-api-mock drift`: a table as in src/cli/serve-flags.ts (name, help, parser). */
import { FlagError, flagOf, helpFlag, helpPage, parseTable, type Command, type Flag } from './flag-table.ts'
import { adminToken, duration, httpUrl, outFile } from './flag-values.ts'

export interface DriftFlags {
  /** The operations module to write, or merge into. */
  operationsOut: string
  /** The demo server's base URL, without its trailing slash. */
  url: string
  /** A session of the server: its findings instead of the base state's. */
  session: string | undefined
  adminToken: string | undefined
  /** Milliseconds the server may take to answer (it may ask the service for its OpenAPI document first). */
  timeout: number
  help: boolean
}

const DEFAULTS: Partial<DriftFlags> = { session: undefined, adminToken: undefined, timeout: 60_000, help: false }

/** A session's id, as `POST /__admin/sessions` answers it: one path segment, never a path. */
function sessionId(text: string, flag: string): string {
  if (!/^ses_[0-9a-f]{32}$/.test(text)) throw new FlagError(`${flag} must be a session id, ses_ and 32 hex digits (POST /__admin/sessions answers it), got "${text}"`)
  return text
}

const flag = flagOf<DriftFlags>()

export const DRIFT_FLAGS: readonly Flag<DriftFlags>[] = [
  flag({
    name: 'operations-out',
    key: 'operationsOut',
    value: '<file.ts>',
    required: true,
    description: 'The operations module to write: the fields and operations the live service showed that\nthe mock lacks (a file written before, by drift or verify, is merged into, its edits kept)',
    parse: outFile,
  }),
  flag({ name: 'url', key: 'url', value: '<url>', required: true, description: 'Base URL of the running demo server started with --live (as its banner prints it)', parse: httpUrl }),
  flag({ name: 'session', key: 'session', value: '<id>', description: "What a session's requests showed, instead of the base state's", parse: sessionId }),
  flag({ name: 'admin-token', key: 'adminToken', value: '<token>', description: "The server's --admin-token (needed when it has one)", parse: adminToken }),
  flag({ name: 'timeout', key: 'timeout', value: '<duration>', description: `Longest wait for the server's answer: 30s, 2m (default ${DEFAULTS.timeout! / 1000}s)`, parse: duration(1) }),
  helpFlag<DriftFlags>(),
]

const DRIFT: Command<DriftFlags> = {
  command: 'drift',
  flags: DRIFT_FLAGS,
  defaults: DEFAULTS,
  intro: [
    'Usage: workspace-api-mock drift --operations-out <file.ts> --url <server> [flags]',
    '',
    "Writes the module that makes the mock follow what a running demo server's --live service showed",
    'while it forwarded (docs/live.md): fields its records carry that the mock lacks, with writable when a',
    'write took them, operations it answered where the mock had none, and those its OpenAPI document',
    'describes. The same module as verify --operations-out writes, read from GET /__admin/drift/findings.',
  ],
  outro: [
    'Example:',
    '  workspace-api-mock --live https://staging.example.com --live-operations "*=shadow"',
    '  workspace-api-mock drift --operations-out ./api-changes.ts --url http://127.0.0.1:4010',
    '',
    'Exit codes: 0 written (or nothing to add); 2 a flag, the file or the server cannot be used',
    '(one line says which; nothing is written); 1 otherwise.',
  ],
}

/** Parses the arguments after `drift`; throws `FlagError` with a message for the user. */
export const parseDriftFlags = (argv: readonly string[]): DriftFlags => parseTable(argv, DRIFT).settings

export const driftHelpText = (): string => helpPage(DRIFT)
