/**
 * A file `workspace-api-mock contract` writes the pact from: journal entries (journal-file.ts) or a
 * coverage document of the reporters or `coverage merge` (coverage-input.ts), told apart by the
 * document's `format`. Both are read as a user's file, with the same bounds.
 */
import { COVERAGE_FORMAT } from '../coverage/format.ts'
import { checkedPart, CoverageFileError } from '../coverage/read.ts'
import { contractInputOfCoverage } from './coverage-input.ts'
import type { ContractExchange, ContractMock } from './input.ts'
import { JournalFileError, journalOf, parsedFile } from './journal-file.ts'

export interface ContractFile {
  kind: 'journal' | 'coverage'
  exchanges: ContractExchange[]
  /** The mocks a coverage document names, or the one a journal's wrapper names (when it names its scenario). */
  mocks: Array<Partial<ContractMock>>
}

/** The exchanges of a file's text (`name` is how messages call the file); throws `JournalFileError`. */
export function contractFileOf(text: string, name: string): ContractFile {
  const value = parsedFile(text, name, 'a journal or a coverage document')
  if ((value as { format?: unknown } | null)?.format !== COVERAGE_FORMAT) {
    const { exchanges, mock } = journalOf(value, name)
    return { kind: 'journal', exchanges, mocks: [mock] }
  }
  try {
    return { kind: 'coverage', ...contractInputOfCoverage(checkedPart(value, name), name) }
  } catch (error) {
    if (error instanceof CoverageFileError) throw new JournalFileError(error.message)
    throw error
  }
}
