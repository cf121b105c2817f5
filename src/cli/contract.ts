/**
 * `workspace-api-mock contract`: a Pact V4 consumer contract from journal files or coverage documents
 * (src/contract/). Any mistake (a flag, a file that cannot be read or is neither) is one line and exit code 2, with nothing written;
 * the pact replaces its file whole (write-atomically.ts). Loaded by the command only when asked for.
 */
import { contractFileOf } from '../contract/input-file.ts'
import { JournalFileError } from '../contract/journal-file.ts'
import type { ContractExchange, ContractMock, OpenApiDocument } from '../contract/input.ts'
import { kitOpenApiDocument } from '../contract/kit-document.ts'
import { pactJson, pactOf } from '../contract/pact.ts'
import { visible } from '../text/terminal-text.ts'
import { sizeText } from '../text/size-text.ts'
import { contractHelpText, parseContractFlags, type ContractSettings } from './contract-flags.ts'
import { FlagError } from './flag-table.ts'
import { readJsonFile, readRegularFile } from './json-file.ts'
import { WriteError, writeFileAtomically } from '../files/write-atomically.ts'

const COMMAND = 'workspace-api-mock contract'

/** Most bytes one journal file may hold, and all of them together: a journal keeps 8 MiB a mock. */
export const JOURNAL_FILE = { maxBytes: 64 * 1024 * 1024, what: 'a journal file' }
export const MAX_JOURNAL_BYTES = 256 * 1024 * 1024
/** Most bytes of the OpenAPI document (the kit's is 40 KB). */
export const OPENAPI_FILE = { maxBytes: 16 * 1024 * 1024, what: 'an OpenAPI document' }

/** A file the command cannot use: one line, exit code 2. */
class InputError extends Error {}

export interface ContractIo {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
}

/** Runs the command with the arguments after `contract`; answers the exit code. */
export async function contractCommand(argv: readonly string[], io: ContractIo = process): Promise<number> {
  let settings: ContractSettings
  try {
    settings = parseContractFlags(argv)
  } catch (error) {
    if (!(error instanceof FlagError)) throw error
    io.stderr.write(`${COMMAND}: ${error.message} (every flag: ${COMMAND} --help)\n`)
    return 2
  }
  if (settings.help) {
    io.stdout.write(contractHelpText())
    return 0
  }
  try {
    const { exchanges, mocks, counted } = readInputs(settings)
    const openapi = settings.openapi === undefined ? undefined : readDocument(settings.openapi)
    const pact = pactOf({ exchanges, mocks, consumer: settings.consumer, provider: settings.provider, faults: !settings.withoutFaults, openapi: openapi ?? kitOpenApiDocument() })
    writeFileAtomically(settings.out, pactJson(pact))
    io.stdout.write(`wrote ${plural(pact.interactions.length, 'interaction', 'interactions')} from ${counted} to ${settings.out}\n`)
    return 0
  } catch (error) {
    if (!(error instanceof InputError) && !(error instanceof WriteError)) throw error
    // A file's name or text may hold control characters: they must not reach the terminal.
    io.stderr.write(`${COMMAND}: ${visible(error.message)}\n`)
    return 2
  }
}

/**
 * Every file's exchanges, and the mocks they came from (a coverage document's, a journal's own scenario
 * and seed, else the flags'); `counted` says how many of each kind, for the closing line.
 */
function readInputs(settings: ContractSettings): { exchanges: ContractExchange[]; mocks: ContractMock[]; counted: string } {
  const exchanges: ContractExchange[] = []
  const mocks: ContractMock[] = []
  const counts = { journal: 0, coverage: 0 }
  let bytes = 0
  for (const file of settings.files) {
    let text: string
    try {
      text = readRegularFile(file, JOURNAL_FILE)
    } catch (error) {
      throw new InputError((error as Error).message)
    }
    bytes += Buffer.byteLength(text)
    if (bytes > MAX_JOURNAL_BYTES) throw new InputError(`the files hold more than ${sizeText(MAX_JOURNAL_BYTES)} together, the most one contract is written from`)
    try {
      const read = contractFileOf(text, file)
      exchanges.push(...read.exchanges)
      counts[read.kind] += read.exchanges.length
      for (const mock of read.mocks) {
        const scenario = mock.scenario ?? settings.scenario
        if (scenario !== undefined) mocks.push({ scenario, seed: mock.seed ?? settings.seed ?? 1 })
      }
    } catch (error) {
      if (error instanceof JournalFileError) throw new InputError(error.message)
      throw error
    }
  }
  const parts = [...(counts.journal > 0 || counts.coverage === 0 ? [plural(counts.journal, 'journal entry', 'journal entries')] : []), ...(counts.coverage > 0 ? [plural(counts.coverage, 'coverage example', 'coverage examples')] : [])]
  return { exchanges, mocks, counted: parts.join(' and ') }
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

function readDocument(path: string): OpenApiDocument {
  let value: unknown
  try {
    value = readJsonFile(path, OPENAPI_FILE)
  } catch (error) {
    throw new InputError((error as Error).message)
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value) || typeof (value as { paths?: unknown }).paths !== 'object') {
    throw new InputError(`${path} is not an OpenAPI document (no "paths"): give the mock's GET /api/openapi.json`)
  }
  return value as OpenApiDocument
}
