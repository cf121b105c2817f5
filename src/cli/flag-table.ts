/**
 * The flag mechanism every command shares: a table of flags (name, help, parser) parsed into that
 * command's settings, and the `--help` rows generated from the same table. The tables live with their
 * commands (src/cli/serve-flags.ts, src/cli/record-flags.ts, src/cli/verify-flags.ts); shared parsers in flag-values.ts.
 */
import { parseArgs } from 'node:util'

/** A command-line mistake: the message is shown to the user as is, and the command exits with 2. */
export class FlagError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FlagError'
  }
}

export interface FlagOf<S, K extends keyof S> {
  /** Long name without dashes: `port` for `--port`. */
  name: string
  short?: string
  /** The settings field the flag sets. */
  key: K
  /** Shown in `--help` after the flag, e.g. `<number>`; flags without one are switches. */
  value?: string
  /** May be given more than once: the field is an array of every value, in order. */
  multiple?: boolean
  /** Must be given (unless with `--help`). */
  required?: boolean
  /** One line of `--help`; a `\n` continues it on the next line, aligned. */
  description: string
  /** Turns the flag's text into the field's value (one element of it, for `multiple`); throws `FlagError` for bad input. */
  parse?: (text: string, flag: string) => S[K] extends readonly string[] ? string : S[K]
}

export type Flag<S> = { [K in keyof S]-?: FlagOf<S, K> }[keyof S]

/** Identity helper that ties a flag's `parse` result to its settings field: `flagOf<Settings>()({ ... })`. */
export function flagOf<S>() {
  return <K extends keyof S>(flag: FlagOf<S, K>): Flag<S> => flag as unknown as Flag<S>
}

/** `-h, --help`, the same in every command. */
export function helpFlag<S extends { help: boolean }>(): Flag<S> {
  return flagOf<S>()({ name: 'help', short: 'h', key: 'help', description: 'Show this help and exit' })
}

export interface Table<S> {
  flags: readonly Flag<S>[]
  /** The values of the flags not given; required flags have none. */
  defaults: Partial<S>
  /** The command after `workspace-api-mock`, named in messages; none for the default command. */
  command?: string
  /** How many positional arguments the command takes (the default command's `serve` or `mcp`). */
  positionals?: number
}

/** Parses argv against a table; throws `FlagError` with a one-line message for the user. */
export function parseTable<S>(argv: readonly string[], table: Table<S>): { settings: S; positionals: string[]; given: (name: string) => boolean } {
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({
      args: negativeValues(argv, table),
      strict: true,
      allowPositionals: true,
      options: Object.fromEntries(
        table.flags.map((flag) => [
          flag.name,
          { type: flag.value ? 'string' : 'boolean', ...(flag.short ? { short: flag.short } : {}), ...(flag.multiple ? { multiple: true } : {}) },
        ]),
      ) as NonNullable<Parameters<typeof parseArgs>[0]>['options'],
    })
  } catch (error) {
    throw translateParseError(error, argv, table)
  }
  const extra = parsed.positionals[table.positionals ?? 0]
  if (extra !== undefined) throw new FlagError(`unexpected argument "${extra}"`)

  const settings: Record<string, unknown> = { ...table.defaults }
  for (const flag of table.flags) {
    const raw = parsed.values[flag.name]
    if (raw === undefined) continue
    const parse = (text: unknown) => (flag.parse ? flag.parse(String(text), `--${flag.name}`) : text)
    settings[flag.key as string] = flag.multiple ? (raw as unknown[]).map(parse) : parse(raw)
  }
  const given = (name: string) => parsed.values[name] !== undefined
  // `--help` needs nothing else: the help says what is required.
  const missing = given('help') ? [] : table.flags.filter((flag) => flag.required && !given(flag.name))
  if (missing.length > 0) {
    const usage = table.flags.filter((flag) => flag.required).map((flag) => `--${flag.name} ${flag.value}`)
    throw new FlagError(`missing ${missing.map((flag) => `--${flag.name}`).join(', ')}: ${[table.command, ...usage].join(' ')}`)
  }
  return { settings: settings as S, positionals: parsed.positionals, given }
}

/**
 * `--rate -1` as `--rate=-1`: a negative number after a flag that takes a value is that value, so the flag's
 * parser judges it (`--rate must be a number ... above 0`); Node's parseArgs would call it ambiguous, and
 * the user would read that the flag needs a value. Nothing after `--` is touched.
 */
function negativeValues<S>(argv: readonly string[], table: Table<S>): string[] {
  const args = [...argv]
  for (let i = 0; i < args.length - 1; i++) {
    if (args[i] === '--') break
    const flag = table.flags.find((f) => args[i] === `--${f.name}` || (f.short !== undefined && args[i] === `-${f.short}`))
    if (flag?.value && /^-\.?\d/.test(args[i + 1]!)) args.splice(i, 2, `--${flag.name}=${args[i + 1]}`)
  }
  return args
}

function translateParseError<S>(error: unknown, argv: readonly string[], table: Table<S>): Error {
  const code = (error as { code?: string }).code
  const message = (error as Error).message
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    // Stryker disable next-line OptionalChaining,ArrowFunction,MethodExpression,StringLiteral: unreachable
    const given = /'([^']+)'/.exec(message)?.[1] ?? argv.find((a) => a.startsWith('-')) ?? ''
    // Stryker disable next-line Regex: same-value
    const name = given.replace(/^-+/, '').split('=')[0]!
    const guess = closest(name, table.flags.map((flag) => flag.name))
    return new FlagError(`unknown flag ${given}${table.command ? ` for ${table.command}` : ''}${guess ? ` (did you mean --${guess}?)` : ''}`)
  }
  // Stryker disable next-line ConditionalExpression: same-value
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    // Node names the long flag in each of these ("Option '-p, --port <value>' argument missing").
    for (const flag of table.flags) {
      if (!message.includes(`--${flag.name}`)) continue
      return new FlagError(flag.value ? `--${flag.name} needs a value: --${flag.name} ${flag.value}` : `--${flag.name} takes no value`)
    }
  }
  return new FlagError(message.split('\n')[0]!)
}

/** The flag name nearest to a mistyped one, if it is close enough to be a typo. */
export function closest(name: string, names: readonly string[]): string | undefined {
  let best: string | undefined
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1
  for (const candidate of names) {
    const distance = editDistance(name, candidate)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    }
    previous = current
  }
  return previous[b.length]!
}

/** The `--help` lines of a table: each flag with its value, then its description, the descriptions aligned. */
export function flagRows<S>(flags: readonly Flag<S>[]): string[] {
  const rows = flags.map((flag) => [`${flag.short ? `-${flag.short}, ` : '    '}--${flag.name}${flag.value ? ` ${flag.value}` : ''}`, flag.description] as const)
  const width = Math.max(...rows.map(([names]) => names.length)) + 2
  return rows.map(([names, description]) => `  ${names.padEnd(width)}${description.split('\n').join(`\n${' '.repeat(width + 2)}`)}`)
}

/** A command's table with the prose of its `--help` around the flag rows. */
export interface Command<S> extends Table<S> {
  /** The usage line and what the command does, before the flags. */
  intro: readonly string[]
  /** Examples, exit codes: after the flags. */
  outro: readonly string[]
}

/** The whole `--help` text of a command. */
export function helpPage<S>(command: Command<S>): string {
  return [...command.intro, '', 'Flags:', ...flagRows(command.flags), '', ...command.outro, ''].join('\n')
}
