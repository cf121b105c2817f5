/**
 * The consumer contract of a run's coverage (Node only): the merged coverage document's examples through
 * `pactOf`, for the reporters' `pact` option and `coverage merge --pact`, which load this module only then.
 * The same document gives the same bytes, whatever order its parts were merged in.
 */
import { mkdirSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import type { CoverageDocument } from '../coverage/document.ts'
import type { CoveragePactOptions } from '../coverage/output.ts'
import { writeFileAtomically } from '../files/write-atomically.ts'
import { visible } from '../text/terminal-text.ts'
import { contractInputOfCoverage } from './coverage-input.ts'
import { kitOpenApiDocument } from './kit-document.ts'
import { JournalFileError } from './journal-file.ts'

export { JournalFileError }
import { pactJson, pactOf, type PactV4 } from './pact.ts'

/** The pact of `document`; throws `JournalFileError` when an example is not what the contract reads. */
export function coveragePact(document: CoverageDocument, { consumer, provider, faults }: Omit<CoveragePactOptions, 'file'>): PactV4 {
  // The kit's own document: a suite's operations of its own need `contract <coverage.json> --openapi`.
  return pactOf({ ...contractInputOfCoverage(document), consumer, provider, faults, openapi: kitOpenApiDocument() })
}

/** Writes `pact` to `path` (its folder made) and says so unless `quiet`; a file it cannot write is said, and fails nothing. */
export function writePact(path: string, pact: PactV4, print: (text: string) => void, quiet = false): void {
  try {
    mkdirSync(dirname(path), { recursive: true })
    writeFileAtomically(path, pactJson(pact))
  } catch (error) {
    print(`API coverage: cannot write ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})\n`)
    return
  }
  const count = pact.interactions.length
  if (!quiet) print(`API coverage pact: ${count} interaction${count === 1 ? '' : 's'} in ${relative(process.cwd(), path) || path}\n`)
}

/** The reporters' end: the pact of the run's document written to `path`; one that cannot be written is said, and fails nothing. */
export function finishPact(document: CoverageDocument, path: string, options: CoveragePactOptions & { summary?: boolean }, print: (text: string) => void): void {
  let pact: PactV4
  try {
    pact = coveragePact(document, options)
  } catch (error) {
    if (!(error instanceof JournalFileError)) throw error
    print(`API coverage: cannot write the pact: ${visible(error.message)}\n`)
    return
  }
  writePact(path, pact, print, options.summary === false)
}
