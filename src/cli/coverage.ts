/**
 * `workspace-api-mock coverage merge <files...>`: the coverage documents of a run split across CI jobs,
 * merged (the same result in any order), with the summary, the reports and the gate of a reporter, and
 * with `--pact` the consumer contract of the merged examples (src/contract/, loaded only then). A file it
 * cannot read (missing, truncated, of another version of the shape, too large, too deep, with a member
 * named `__proto__`, an example the pact cannot be written from) is one line and exit code 2, before
 * anything is written.
 */
import { join } from 'node:path'
import { CoverageMerger } from '../coverage/assemble.ts'
import type { CoverageGate } from '../coverage/gate.ts'
import { finishCoverage } from '../coverage/output.ts'
import { CoverageFileError, MAX_COVERAGE_BYTES, parseCoveragePart } from '../coverage/read.ts'
import type { PactV4 } from '../contract/pact-v4.ts'
import { visible } from '../text/terminal-text.ts'
import { coverageHelpText, parseCoverageFlags, type CoverageFlags } from './coverage-flags.ts'
import { FlagError } from './flag-table.ts'
import { readRegularFile } from './json-file.ts'

const COMMAND = 'workspace-api-mock coverage'

export async function coverageCommand(argv: readonly string[]): Promise<number> {
  let flags: CoverageFlags
  try {
    flags = parseCoverageFlags(argv)
  } catch (error) {
    if (!(error instanceof FlagError)) throw error
    process.stderr.write(`${COMMAND}: ${error.message} (every flag: ${COMMAND} merge --help)\n`)
    return 2
  }
  if (flags.help) {
    process.stdout.write(coverageHelpText())
    return 0
  }
  // One file at a time, merged in batches: what is held is bounded by the outcomes, not by the files.
  const merger = new CoverageMerger()
  try {
    for (const file of flags.files) merger.add(parseCoveragePart(readText(file), file))
  } catch (error) {
    if (!(error instanceof CoverageFileError)) throw error
    process.stderr.write(`${COMMAND}: ${visible(error.message)}\n`)
    return 2
  }
  const document = merger.result()
  const print = (text: string) => void process.stdout.write(text)
  // Before anything is written: examples the pact cannot be written from are a file it cannot read.
  const contract = flags.pact === undefined ? undefined : await import('../contract/coverage-pact.ts')
  let pact: PactV4 | undefined
  try {
    pact = contract?.coveragePact(document, { consumer: flags.consumer, provider: flags.provider, faults: !flags.withoutFaults })
  } catch (error) {
    if (!(error instanceof contract!.JournalFileError)) throw error
    process.stderr.write(`${COMMAND}: cannot write the pact: ${visible(error.message)}\n`)
    return 2
  }
  const files = { json: flags.json, junit: flags.junit, html: flags.html === undefined ? undefined : join(flags.html, 'index.html') }
  const failures = finishCoverage(document, files, { gate: gateOf(flags) }, print)
  if (pact) contract!.writePact(flags.pact!, pact, print)
  return failures.length > 0 ? 1 : 0
}

function readText(file: string): string {
  try {
    return readRegularFile(file, { maxBytes: MAX_COVERAGE_BYTES, what: 'a coverage document' })
  } catch (error) {
    throw new CoverageFileError((error as Error).message)
  }
}

function gateOf(flags: CoverageFlags): CoverageGate {
  const gate: CoverageGate = {}
  for (const { what, percent } of flags.min) gate[what] = percent
  for (const { operation, outcome } of flags.require) ((gate.required ??= {})[operation] ??= []).push(outcome)
  return gate
}
