/** The flags of `workspace-api-mock coverage merge`: a table as in src/cli/serve-flags.ts (name, help, parser). */
import { shown } from '../text/terminal-text.ts'
import { FlagError, flagOf, helpFlag, helpPage, parseTable, type Command, type Flag } from './flag-table.ts'
import { pacticipant } from './flag-values.ts'

interface Flags {
  json: string | undefined
  html: string | undefined
  junit: string | undefined
  /** The pact of the merged examples (docs/contract.md), and its names. */
  pact: string | undefined
  consumer: string | undefined
  provider: string | undefined
  withoutFaults: boolean
  /** `operations=100`, `outcomes=60`, `topics=80`: least shares reached, in percent. */
  min: string[]
  /** `createWorkspace=422:body.name`: an outcome that must be reached (`*=fault:429` on every operation). */
  require: string[]
  help: boolean
}

/** The merge's settings: the files, the outputs and the gate. */
export interface CoverageFlags extends Omit<Flags, 'min' | 'require'> {
  files: string[]
  min: Array<{ what: 'operations' | 'outcomes' | 'topics'; percent: number }>
  require: Array<{ operation: string; outcome: string }>
}

/** The most files one merge reads (100 jobs of a hundred workers each). */
export const MAX_MERGED_FILES = 10_000

const DEFAULTS: Partial<Flags> = { min: [], require: [], help: false, withoutFaults: false }

const flag = flagOf<Flags>()

const MINIMUM = /^(operations|outcomes|topics)=(\d{1,3}(?:\.\d{1,6})?)$/
const REQUIRED = /^([^=\s]{1,200})=(\S{1,200})$/

function minimum(text: string, name: string): string {
  const value = MINIMUM.exec(text)?.[2]
  if (value === undefined || Number(value) > 100) throw new FlagError(`${name} takes operations=<percent>, outcomes=<percent> or topics=<percent> (0 to 100), not "${shown(text, 60)}"`)
  return text
}

function required(text: string, name: string): string {
  if (!REQUIRED.test(text)) throw new FlagError(`${name} takes <operation>=<outcome> (e.g. createWorkspace=422:body.name, or *=fault:429), not "${shown(text, 60)}"`)
  return text
}

const FLAGS: readonly Flag<Flags>[] = [
  flag({ name: 'json', key: 'json', value: '<file>', description: 'Write the merged coverage document (JSON)' }),
  flag({ name: 'html', key: 'html', value: '<dir>', description: 'Write the HTML page into this folder (index.html)' }),
  flag({ name: 'junit', key: 'junit', value: '<file>', description: 'Write JUnit XML: an outcome reached passes, one never answered is skipped' }),
  flag({ name: 'pact', key: 'pact', value: '<file>', description: 'Write the consumer contract (Pact V4) of the merged examples (docs/contract.md)' }),
  flag({ name: 'consumer', key: 'consumer', value: '<name>', description: 'The consumer\'s name in the pact (default workspace-api-consumer)', parse: pacticipant }),
  flag({ name: 'provider', key: 'provider', value: '<name>', description: 'The provider\'s name in the pact (default workspace-api)', parse: pacticipant }),
  flag({ name: 'without-faults', key: 'withoutFaults', description: 'Leave out of the pact the requests injected faults answered' }),
  flag({ name: 'min', key: 'min', value: '<what>=<percent>', multiple: true, description: 'Fail (exit 1) below this share reached: operations=, outcomes= or topics=', parse: minimum }),
  flag({ name: 'require', key: 'require', value: '<operation>=<outcome>', multiple: true, description: 'Fail (exit 1) unless this outcome was answered (*=<outcome>: on every operation)', parse: required }),
  helpFlag<Flags>(),
]

const MERGE: Command<Flags> = {
  command: 'coverage merge',
  flags: FLAGS,
  defaults: DEFAULTS,
  positionals: MAX_MERGED_FILES + 1,
  intro: [
    'Usage: workspace-api-mock coverage merge <coverage.json...> [--json file] [--html dir] [--junit file] [--pact file] [--min ...] [--require ...]',
    '',
    'Merges the coverage documents of a run split across CI jobs (each written by the Vitest or Playwright',
    'reporter, or GET /__admin/coverage), prints the summary and writes the merged reports and the pact.',
  ],
  outro: ['Exit codes: 0 done, 1 the gate (--min, --require) found something missing, 2 a usage mistake or a file it cannot read', '(or whose examples the pact cannot be written from).'],
}

/** Parses the arguments after `coverage`: the subcommand, the files and the flags. Throws `FlagError`. */
export function parseCoverageFlags(argv: readonly string[]): CoverageFlags {
  const { settings, positionals, given } = parseTable(argv, MERGE)
  const [subcommand, ...files] = positionals
  const min = settings.min.map((text) => {
    const [, what, percent] = MINIMUM.exec(text)!
    return { what: what as 'operations' | 'outcomes' | 'topics', percent: Number(percent) }
  })
  const require = settings.require.map((text) => {
    const [, operation, outcome] = REQUIRED.exec(text)!
    return { operation: operation!, outcome: outcome! }
  })
  const parsed = { ...settings, files, min, require }
  if (settings.help) return parsed
  if (subcommand !== 'merge') throw new FlagError(subcommand === undefined ? 'coverage needs a subcommand: coverage merge <files...>' : `unknown subcommand "coverage ${shown(subcommand, 60)}": the only one is merge`)
  if (files.length === 0) throw new FlagError('coverage merge needs at least one coverage document: coverage merge <files...>')
  for (const name of ['consumer', 'provider', 'without-faults']) {
    if (given(name) && !given('pact')) throw new FlagError(`--${name} goes with --pact <file>: it is about the pact`)
  }
  return parsed
}

export const coverageHelpText = (): string => helpPage(MERGE)
