/** Parsers of flag values more than one command takes (see flag-table.ts). */
import { existsSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { unshownOperations } from '../handlers/definitions/operations/unshown.ts'
import { MAX_ANSWER_BYTES } from '../service-client/polite-client.ts'
import { pacticipantProblem } from '../text/pacticipant-name.ts'
import { sizeText } from '../text/size-text.ts'
import { FlagError, flagOf, type Flag } from './flag-table.ts'

export function integer(min: number, max: number) {
  return (text: string, flag: string): number => {
    const value = /^-?\d+$/.test(text) ? Number(text) : Number.NaN
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      throw new FlagError(`${flag} must be an integer from ${min} to ${max}, got "${text}"`)
    }
    return value
  }
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/**
 * A duration with its unit: `500ms`, `90s`, `30m`, `2h` (in milliseconds). With `bare`, a plain number
 * is milliseconds too (verify's `--timeout` took one before it took durations).
 */
export function duration(min: number, { bare = false } = {}) {
  return (text: string, flag: string): number => {
    const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(bare && /^\d+$/.test(text) ? `${text}ms` : text)
    const value = match ? Number(match[1]) * UNITS[match[2]!]! : Number.NaN
    if (!(value >= min) || !Number.isSafeInteger(Math.round(value))) {
      const shapes = bare ? '10s, 2m, 500ms or a number of milliseconds' : '30m, 90s, 2h or 500ms'
      throw new FlagError(`${flag} must be a duration such as ${shapes} (at least ${min} ms), got "${text}"`)
    }
    return Math.round(value)
  }
}

/** Header values: printable ASCII without spaces, so they survive any HTTP client and shell. */
export function headerValue(text: string, flag: string): string {
  if (!/^[\x21-\x7e]+$/.test(text)) {
    throw new FlagError(`${flag} must be printable ASCII without spaces, got "${text}"`)
  }
  return text
}

/** The demo server's admin token (`--admin-token` of the server, and of the commands that read one). */
export function adminToken(text: string, flag: string): string {
  if (!/^[\x21-\x7e]{16,}$/.test(text)) throw new FlagError(`${flag} must be at least 16 printable ASCII characters without spaces`)
  return text
}

/** Requests a second to a live service, for record and verify. */
export const DEFAULT_RATE = 5

export function rate(text: string, flag: string): number {
  const value = /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : Number.NaN
  if (!(value > 0)) throw new FlagError(`${flag} must be a number of requests per second above 0, such as 5 or 0.5, got "${text}"`)
  return value
}

/** The base URL of a live service: http(s), without query or fragment, given without its trailing slash. */
export function httpUrl(text: string, flag: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new FlagError(`${flag} must be an http or https URL such as https://api.example.com, got "${text}"`)
  }
  if (!/^https?:$/.test(url.protocol)) throw new FlagError(`${flag} must be an http or https URL, got "${text}"`)
  if (url.search !== '' || url.hash !== '') throw new FlagError(`${flag} must be a base URL without query or fragment, got "${text}"`)
  // The commands print the target; credentials go in --api-key and --api-secret, which they never print.
  if (url.username !== '' || url.password !== '') throw new FlagError(`${flag} must not hold a user name or password: give the principal with --api-key and --api-secret`)
  return url.href.replace(/\/+$/, '')
}

/**
 * A service's base URL (`--target` of verify and record): an http(s) URL without `/api` at its end, since
 * the commands add `/api/...`. With it every path would be `/api/api/...`, and a run would compare 404s.
 */
export function serviceBase(text: string, flag: string): string {
  const url = httpUrl(text, flag)
  if (/\/api$/i.test(new URL(url).pathname)) {
    throw new FlagError(`${flag} is the service's base URL without /api (the command adds /api/...): try ${flag} ${url.replace(/\/api$/i, '')}`)
  }
  return url
}

/** A file the command reads: it must exist now (what is in it is checked when it is loaded). */
export function existingFile(text: string, flag: string): string {
  if (!existsSync(text)) throw new FlagError(`${flag}: no such file: ${text}`)
  if (!statSync(text).isFile()) throw new FlagError(`${flag}: not a file: ${text}`)
  return text
}

/** A file to write, in a folder that exists now: a long run must not fail at its last step. */
export function outFile(text: string, flag: string): string {
  if (text.trim() === '') throw new FlagError(`${flag} must not be empty`)
  const folder = dirname(resolve(text))
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new FlagError(`${flag}: no such folder: ${folder}`)
  if (existsSync(text) && statSync(text).isDirectory()) throw new FlagError(`${flag} is a folder: ${text}`)
  return text
}

/** What an `--operations` module is, for the help of the commands that take one. */
/** A pacticipant's name (`--consumer`, `--provider`): what a broker shows and `can-i-deploy` is given, printable and short. */
export function pacticipant(text: string, flag: string): string {
  const problem = pacticipantProblem(text)
  if (problem !== undefined) throw new FlagError(`${flag}: ${problem}, got "${text}"`)
  return text
}

export const OPERATIONS_MODULE = 'a .js/.ts module whose default export is an array of\ndefineOperation()s and whose export `fields` declares fields (docs/extending.md)'

/**
 * `--unshown-operations` of serve and verify: the presets of the operations the spec does not show
 * (docs/extending.md), `all` or some of their names, without writing a module.
 */
export function unshownOperationsFlag<S extends { unshownOperations: readonly string[] | undefined }>(description: string): Flag<S> {
  return flagOf<S>()({ name: 'unshown-operations', key: 'unshownOperations', value: '<all|names>', description, parse: presetNames as never })
}

/** `all`, or preset names separated by commas (each once, in the presets' order). */
function presetNames(text: string, flag: string): readonly string[] {
  const names: readonly string[] = unshownOperations.map((operation) => operation.name)
  if (text === 'all') return names
  const given = text.split(',').map((name) => name.trim())
  const unknown = given.find((name) => !names.includes(name))
  if (unknown !== undefined) throw new FlagError(`${flag} takes all or some of ${names.join(', ')} (separated by commas), got "${unknown}"`)
  return names.filter((name) => given.includes(name))
}
const SIZE_UNITS: Record<string, number> = { '': 1, b: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 }

/** A size in bytes: `8MiB`, `512KiB`, `1GiB`, or a number of bytes; at least `min` bytes. */
export function size(min: number) {
  return (text: string, flag: string): number => {
    const match = /^(\d+)\s*(b|kib|mib|gib)?$/i.exec(text)
    const value = match ? Number(match[1]) * SIZE_UNITS[(match[2] ?? '').toLowerCase()]! : Number.NaN
    if (!(Number.isSafeInteger(value) && value >= min)) throw new FlagError(`${flag} must be a size such as 8MiB, 512KiB or a number of bytes (at least ${min}), got "${text}"`)
    return value
  }
}

/** `--max-answer` of record and verify: the bound of one answer of the service. */
export function maxAnswerFlag<S extends { maxAnswerBytes: number }>(): Flag<S> {
  return flagOf<S>()({
    name: 'max-answer',
    key: 'maxAnswerBytes',
    value: '<size>',
    description: `Refuse an answer larger than this once decompressed: 16MiB, 512KiB (default ${sizeText(MAX_ANSWER_BYTES).replace(' ', '')})`,
    parse: size(1024) as never,
  })
}
