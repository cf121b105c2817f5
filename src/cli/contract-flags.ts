/** The flags of `workspace-api-mock contract`: a table as in src/cli/serve-flags.ts (name, help, parser). */
import { DEFAULT_CONSUMER, DEFAULT_PROVIDER } from '../contract/input.ts'
import { FlagError, flagOf, helpFlag, helpPage, parseTable, type Command, type Flag } from './flag-table.ts'
import { existingFile, integer, outFile, pacticipant } from './flag-values.ts'
import { adminPath } from '../wire/admin-routes.ts'

export interface ContractSettings {
  /** The journal files and coverage documents, in the order given. */
  files: string[]
  out: string
  consumer: string
  provider: string
  /** The scenario and seed of the mock the files' entries came from, when a file does not say. */
  scenario: string | undefined
  seed: number | undefined
  /** The OpenAPI document the mock served (operations or fields of your own). */
  openapi: string | undefined
  /** Leave out the requests injected faults answered. */
  withoutFaults: boolean
  help: boolean
}

/** Most journal files one run reads. */
export const MAX_FILES = 1000

const DEFAULTS: Partial<ContractSettings> = { consumer: DEFAULT_CONSUMER, provider: DEFAULT_PROVIDER, scenario: undefined, seed: undefined, openapi: undefined, withoutFaults: false, help: false }

function scenarioName(text: string, flag: string): string {
  if (!/^[\x21-\x7e]{1,200}$/.test(text)) throw new FlagError(`${flag} must be a scenario's name, printable ASCII without spaces, got "${text}"`)
  return text
}

const flag = flagOf<ContractSettings>()

export const CONTRACT_FLAGS: readonly Flag<ContractSettings>[] = [
  flag({ name: 'out', key: 'out', value: '<pact.json>', required: true, description: 'The pact file to write (replaced whole if it exists)', parse: outFile }),
  flag({ name: 'consumer', key: 'consumer', value: '<name>', description: `The consumer's name in the pact (default ${DEFAULT_CONSUMER})`, parse: pacticipant }),
  flag({ name: 'provider', key: 'provider', value: '<name>', description: `The provider's name in the pact (default ${DEFAULT_PROVIDER})`, parse: pacticipant }),
  flag({ name: 'scenario', key: 'scenario', value: '<name>', description: 'The scenario of the mock the entries came from, for journal files that do not say (the pact\'s metadata)', parse: scenarioName }),
  flag({ name: 'seed', key: 'seed', value: '<n>', description: 'Its seed', parse: integer(0, 2 ** 31 - 1) }),
  flag({ name: 'openapi', key: 'openapi', value: '<openapi.json>', description: "The mock's OpenAPI document (GET /api/openapi.json), for operations or fields of your own\n(default: the kit's own)", parse: existingFile }),
  flag({ name: 'without-faults', key: 'withoutFaults', description: 'Leave out the requests injected faults answered (for a provider that cannot fail on request)' }),
  helpFlag<ContractSettings>(),
]

const CONTRACT: Command<ContractSettings> = {
  command: 'contract',
  flags: CONTRACT_FLAGS,
  defaults: DEFAULTS,
  positionals: MAX_FILES,
  intro: [
    'Usage: workspace-api-mock contract <journal.json | coverage.json>... --out <pact.json> [flags]',
    '',
    "Writes a Pact V4 consumer contract from what a consumer's suite did against the mock: one interaction per",
    'operation, outcome and request shape, with provider states from the scenario, matchers from the schemas,',
    'and no credential. A journal file is what GET /__admin/journal answers, api.journal.entries as JSON, or',
    '{"scenario", "seed", "entries"}; a coverage document is what the coverage reporters, coverage merge or',
    'GET /__admin/coverage write (docs/contract.md).',
  ],
  outro: [
    'Example:',
    `  curl -o journal.json http://127.0.0.1:4010${adminPath('GET journal', {})}`,
    '  workspace-api-mock contract journal.json --scenario demo --seed 1 --consumer web-app --out pacts/web-app.json',
    '',
    'Exit codes: 0 written; 2 a flag or a file is wrong (one line says which; nothing is written); 1 otherwise.',
  ],
}

/** Parses the arguments after `contract`; throws `FlagError` with a message for the user. */
export function parseContractFlags(argv: readonly string[]): ContractSettings {
  const { settings, positionals, given } = parseTable(argv, CONTRACT)
  if (settings.help) return { ...settings, files: positionals }
  if (positionals.length === 0) throw new FlagError('give the journal files or coverage documents to read: contract <journal.json>... --out <pact.json>')
  if (given('seed') && !given('scenario')) throw new FlagError('--seed goes with --scenario: the scenario and seed of the mock the entries came from')
  return { ...settings, files: positionals }
}

export const contractHelpText = (): string => helpPage(CONTRACT)
