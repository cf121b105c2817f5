/**
 * A coverage document read from text someone else wrote (a file of another CI job, a Playwright
 * attachment, a devtools export), checked before anything is made of it: its size, its nesting, member
 * names that would reach a prototype, its format and version, then the schema. A refusal is one line.
 */
import { nestingOf } from '../text/json-nesting.ts'
import { shown } from '../text/terminal-text.ts'
import { z } from '../model/zod.ts'
import { COVERAGE_FORMAT, COVERAGE_VERSION, coverageDocumentSchema, type CoverageDocument, type CoveragePart } from './document.ts'
import { summaryOf } from './summary.ts'

/** The largest coverage document read: examples are bounded, so a real one stays far below. */
export const MAX_COVERAGE_BYTES = 64 * 1024 * 1024
/** The deepest nesting read (examples keep bodies nested up to 64 levels, inside the document's own). */
export const MAX_COVERAGE_NESTING = 100

/** A document that cannot be read: `message` says why, in one line. */
export class CoverageFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CoverageFileError'
  }
}

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** The document in `text` (`where`: how messages name it), its summary recomputed; throws `CoverageFileError`. */
export function parseCoverage(text: string, where: string): CoverageDocument {
  return summedUp(parseCoveragePart(text, where))
}

/** The document in `text` as a merge reads it: checked, its summary (derived) left out; throws `CoverageFileError`. */
export function parseCoveragePart(text: string, where: string): CoveragePart {
  if (text.length > MAX_COVERAGE_BYTES) throw new CoverageFileError(`${where} is larger than ${MAX_COVERAGE_BYTES / 1024 / 1024} MiB, the most a coverage document may hold`)
  if (nestingOf(text) > MAX_COVERAGE_NESTING) throw new CoverageFileError(`${where} is nested deeper than ${MAX_COVERAGE_NESTING} levels: not a coverage document`)
  let value: unknown
  try {
    value = JSON.parse(text, (key, member: unknown) => {
      if (PROTOTYPE_KEYS.has(key)) throw new CoverageFileError(`${where} holds a member named ${key}: refused`)
      return member
    })
  } catch (error) {
    if (error instanceof CoverageFileError) throw error
    throw new CoverageFileError(`${where} is not JSON (truncated?): ${(error as Error).message.replace(/\s*\n\s*/g, ' ')}`)
  }
  return checkedPart(value, where)
}

/** A parsed value as a document: its format and version first (a clear word for another version), then the schema; its summary recomputed. */
export function checkedCoverage(value: unknown, where: string): CoverageDocument {
  return summedUp(checkedPart(value, where))
}

/** A parsed value as a merge reads it (a document, or a runner's part of a run): checked, without its summary. */
export function checkedPart(value: unknown, where: string): CoveragePart {
  const head = (typeof value === 'object' && value !== null ? value : {}) as { format?: unknown; version?: unknown }
  if (head.format !== COVERAGE_FORMAT) throw new CoverageFileError(`${where} is not a coverage document of workspace-api-mock (its format is ${shown(JSON.stringify(head.format) ?? 'missing', 60)})`)
  if (head.version !== COVERAGE_VERSION) {
    throw new CoverageFileError(`${where} is of version ${shown(JSON.stringify(head.version) ?? 'none', 20)} of the coverage shape; this kit reads version ${COVERAGE_VERSION}`)
  }
  const result = z.safeParse(coverageDocumentSchema, value)
  if (!result.success) {
    const issue = result.error.issues[0]!
    throw new CoverageFileError(`${where} does not hold a coverage document: ${issue.path.join('.') || '(top)'}: ${issue.message}`)
  }
  const { summary: _derived, ...part } = result.data
  return part
}

const summedUp = (part: CoveragePart): CoverageDocument => ({ ...part, summary: summaryOf(part) })
