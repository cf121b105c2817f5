/**
 * The end of a run with coverage (Node only): the reports written into their folder (the JSON document,
 * JUnit XML, the HTML page, each replaced whole), the summary printed, and the gate held. The Vitest and
 * Playwright reporters and `coverage merge` end the same way; the pact, when asked for, is written after
 * (src/contract/coverage-pact.ts, loaded only then). Writing a report never fails the run; the gate the
 * user set is what does.
 */
import { mkdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { writeFileAtomically } from '../files/write-atomically.ts'
import { visible } from '../text/terminal-text.ts'
import { z } from '../model/zod.ts'
import type { CoverageMerger } from './assemble.ts'
import type { CoverageDocument, CoveragePart } from './document.ts'
import { coverageGateSchema, gateFailures } from './gate.ts'
import { CoverageFileError } from './read.ts'
import { coverageHtml } from './report-html.ts'
import { coverageJson, coverageJunit, summaryText } from './report-text.ts'
import { PACTICIPANT_RULE, pacticipantProblem } from '../text/pacticipant-name.ts'

const fileName = z.union([z.string().check(z.minLength(1)), z.literal(false)])

const pacticipant = z.string().check(z.refine((name) => pacticipantProblem(name) === undefined, PACTICIPANT_RULE))

/** The consumer contract of the run (docs/contract.md): `true` for the defaults. */
const pactOptionsSchema = z.strictObject({
  /** Its file name in the folder (default `pact.json`). */
  file: z.optional(z.string().check(z.minLength(1))),
  /** The consumer's name in the pact (default `workspace-api-consumer`): what the broker and `can-i-deploy` know it by. */
  consumer: z.optional(pacticipant),
  /** The provider's (default `workspace-api`). */
  provider: z.optional(pacticipant),
  /** Interactions an injected fault answered (state `the operation fails`); false leaves them out. Default true. */
  faults: z.optional(z.boolean()),
})

export type CoveragePactOptions = z.infer<typeof pactOptionsSchema>

/** What a coverage reporter takes (`['workspace-api-mock/vitest', { ... }]`). */
export const coverageReporterOptionsSchema = z.strictObject({
  /** The folder of the reports, relative to the working directory. Default `api-coverage`. */
  outputDir: z.optional(z.string().check(z.minLength(1))),
  /** The JSON document's file name in it (default `coverage.json`); false: not written. */
  json: z.optional(fileName),
  /** JUnit XML's (default `junit.xml`); false: not written. */
  junit: z.optional(fileName),
  /** The HTML page's (default `index.html`); false: not written. */
  html: z.optional(fileName),
  /** The consumer contract (Pact V4) of what the suite did: true writes `pact.json` beside the reports. Default off. */
  pact: z.optional(z.union([z.boolean(), pactOptionsSchema])),
  /** Thresholds and required outcomes: the run fails with what is missing. */
  gate: z.optional(coverageGateSchema),
  /** Print the summary at the end of the run. Default true. */
  summary: z.optional(z.boolean()),
})

export type CoverageReporterOptions = z.infer<typeof coverageReporterOptionsSchema>

/** The reporter's options, checked (a mistake in a config is thrown at once, naming the key). */
export function reporterOptions(value: unknown): CoverageReporterOptions {
  const result = z.safeParse(coverageReporterOptionsSchema, value ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  throw new TypeError(`workspace-api-mock coverage reporter: ${issue.path.join('.') || 'options'}: ${issue.message}`)
}

/**
 * Adds the document a part of the run brought (a file's meta, a test's attachment), read by `read`; one
 * that cannot be read is left out, said in one line: a reporter fails no run for it.
 */
export function addDocument(merger: CoverageMerger, read: () => CoveragePart): void {
  try {
    merger.add(read())
  } catch (error) {
    if (!(error instanceof CoverageFileError)) throw error
    process.stdout.write(`API coverage: ${visible(error.message)}: left out\n`)
  }
}

/** The files a run writes: their paths (none for those turned off). */
export interface CoverageFiles {
  json?: string
  junit?: string
  html?: string
  /** The pact (written after the reports, when asked for). */
  pact?: string
}

/** Where the reporter's options put each report. */
export function filesOf(options: CoverageReporterOptions, cwd = process.cwd()): CoverageFiles {
  const dir = join(cwd, options.outputDir ?? 'api-coverage')
  const at = (name: string | false | undefined, fallback: string) => (name === false ? undefined : join(dir, name ?? fallback))
  const pact = options.pact ? join(dir, pactOptionsOf(options)!.file ?? 'pact.json') : undefined
  return { json: at(options.json, 'coverage.json'), junit: at(options.junit, 'junit.xml'), html: at(options.html, 'index.html'), ...(pact ? { pact } : {}) }
}

/** The pact's options, when the reporter writes one. */
export function pactOptionsOf(options: CoverageReporterOptions): CoveragePactOptions | undefined {
  return options.pact === true ? {} : options.pact || undefined
}

/**
 * Writes the reports (their folders made), prints the summary and holds the gate: answers what the gate
 * finds missing (empty: the run passes as it would have). `print` gets whole lines. `shard`: the run is
 * one shard of several (`1/2`), which holds no gate: the merged run does.
 */
export function finishCoverage(
  document: CoverageDocument,
  files: CoverageFiles,
  options: Pick<CoverageReporterOptions, 'gate' | 'summary'>,
  print: (text: string) => void,
  shard?: string,
): string[] {
  const written: string[] = []
  const write = (path: string | undefined, text: () => string) => {
    if (path === undefined) return
    try {
      mkdirSync(join(path, '..'), { recursive: true })
      writeFileAtomically(path, text())
      written.push(path)
    } catch (error) {
      print(`API coverage: cannot write ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})\n`)
    }
  }
  write(files.json, () => coverageJson(document))
  write(files.junit, () => coverageJunit(document))
  write(files.html, () => coverageHtml(document))
  const shown = (path: string) => relative(process.cwd(), path) || path
  if (options.summary !== false) print(summaryText(document, files.json && written.includes(files.json) ? shown(files.json) : undefined))
  if (files.pact !== undefined && shard !== undefined) {
    print(`API coverage pact: written where the shards are merged (vitest --merge-reports, or workspace-api-mock coverage merge --pact), not by shard ${shard}\n`)
  }
  if (options.gate && shard !== undefined) {
    print(`API coverage gate: held where the shards are merged (vitest --merge-reports, or workspace-api-mock coverage merge), not by shard ${shard}\n`)
    return []
  }
  const failures = options.gate ? gateFailures(document, options.gate) : []
  // Operation names come from documents others wrote (coverage merge's files): shown safe.
  if (failures.length > 0) print(`API coverage gate: ${failures.length} missing\n${failures.map((line) => `  ${visible(line)}\n`).join('')}`)
  return failures
}
