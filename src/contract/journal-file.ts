/**
 * A file of journal entries, as `workspace-api-mock contract` reads it: what `GET /__admin/journal` answers
 * (`{ "entries": [...] }`), `api.journal.entries` written as JSON (an array), or that wrapper with the mock's
 * scenario and seed (`{ "scenario": "multi-tenant", "seed": 7, "entries": [...] }`). Read as a user's file:
 * deeper than MAX_FILE_NESTING or holding a prototype's key (`__proto__`, `constructor`, `prototype`) it is
 * refused before it is looked at, and every entry is checked for the members the contract reads, so that a
 * file of another shape (another version's journal, a cut one) is one line naming where it differs.
 */
import { nestingOf } from '../text/json-nesting.ts'
import { z } from '../model/zod.ts'
import type { ContractExchange, ContractMock } from './input.ts'

/** A file the contract cannot be written from: the message is one line, for the command to print. */
export class JournalFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'JournalFileError'
  }
}

/** Deepest nesting a file may have: an entry's bodies are kept 64 levels deep (JOURNAL_BODY_DEPTH), the file wraps them in 4 more. */
export const MAX_FILE_NESTING = 100

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

const text = z.string()
const records = z.array(z.looseObject({ collection: text, ids: z.array(text) }))

const caller = z.union([
  z.looseObject({ kind: z.literal('authenticated'), account: text, organization: text }),
  z.looseObject({ kind: z.literal('refused'), reason: z.literal('missing-header'), missing: z.array(text) }),
  z.looseObject({ kind: z.literal('refused'), reason: z.literal('unknown-key') }),
  z.looseObject({ kind: z.literal('refused'), reason: z.literal('secret-mismatch'), account: text }),
  z.looseObject({ kind: z.literal('not-checked'), because: text }),
])

const decision = z.union([
  z.looseObject({ kind: z.enum(['override', 'authentication', 'route', 'operation', 'body', 'error']) }),
  z.looseObject({ kind: z.literal('fault'), fault: z.looseObject({ type: z.enum(['fail', 'disconnect', 'latency', 'rateLimit']) }) }),
  z.looseObject({ kind: z.literal('validation'), problems: z.array(z.looseObject({ message: text, location: text })) }),
  z.looseObject({
    kind: z.literal('lookup'),
    collection: z.enum(['workspaces', 'applications']),
    id: text,
    reason: z.enum(['not-found', 'other-organization', 'outside-workspace']),
  }),
])

const entry = z.looseObject({
  operation: z.optional(text),
  method: text,
  url: text.check(z.refine((url) => URL.canParse(url), 'expected an absolute URL')),
  params: z.record(text, text),
  query: z.record(text, z.union([text, z.array(text)])),
  headers: z.record(text, text),
  status: z.int().check(z.minimum(0), z.maximum(999)),
  why: z.looseObject({ caller, decision, profile: z.optional(z.record(text, z.unknown())), read: records, written: records }),
})

const wrapper = z.strictObject({
  entries: z.array(entry),
  scenario: z.optional(text),
  seed: z.optional(z.int()),
})

export interface JournalFile {
  exchanges: ContractExchange[]
  /** The mock the wrapper names, when it names its scenario. */
  mock: Partial<ContractMock>
}

/**
 * A user's JSON file as the contract reads it (`name` is how messages call the file): refused before it
 * is looked at when deeper than MAX_FILE_NESTING or holding a prototype's key; throws `JournalFileError`.
 */
export function parsedFile(textOf: string, name: string, what = 'a journal'): unknown {
  if (nestingOf(textOf) > MAX_FILE_NESTING) throw new JournalFileError(`${name} is nested deeper than ${MAX_FILE_NESTING} levels: not ${what}`)
  try {
    return JSON.parse(textOf, (key, item: unknown) => {
      if (PROTOTYPE_KEYS.has(key)) throw new JournalFileError(`${name} holds a "${key}" key: not ${what}`)
      return item
    })
  } catch (error) {
    if (error instanceof JournalFileError) throw error
    throw new JournalFileError(`${name} is not valid JSON: ${oneLine((error as Error).message)}`)
  }
}

/** The exchanges of a file's text (`name` is how messages call the file); throws `JournalFileError`. */
export function journalFileOf(textOf: string, name: string): JournalFile {
  return journalOf(parsedFile(textOf, name), name)
}

/** The exchanges of a parsed journal file. */
export function journalOf(value: unknown, name: string): JournalFile {
  const result = wrapper.safeParse(Array.isArray(value) ? { entries: value } : value)
  if (!result.success) {
    throw new JournalFileError(
      `${name}: ${issueText(result.error.issues[0]!)} (expected journal entries as GET /__admin/journal answers them, ` +
        'or {"scenario", "seed", "entries"}: docs/contract.md)',
    )
  }
  const { entries, scenario, seed } = result.data
  return { exchanges: entries as unknown as ContractExchange[], mock: { ...(scenario === undefined ? {} : { scenario }), ...(seed === undefined ? {} : { seed }) } }
}

/** Exchanges from elsewhere (a coverage document's examples) held to what the contract reads: `where` names each; throws `JournalFileError`. */
export function checkedExchanges(values: readonly unknown[], where: (index: number) => string): ContractExchange[] {
  values.forEach((value, index) => {
    const result = entry.safeParse(value)
    if (!result.success) {
      const issue = result.error.issues[0]!
      throw new JournalFileError(`${[where(index), pathText(issue.path)].filter((part) => part !== '').join('.')}: ${oneLine(issue.message)}`)
    }
  })
  return values as ContractExchange[]
}

/** Where an issue is (`entries[3].why`, or the file itself) and what it says, in one line. */
const issueText = (issue: z.core.$ZodIssue): string => `${pathText(issue.path) || 'the file'}: ${oneLine(issue.message)}`

const pathText = (path: readonly PropertyKey[]): string => path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('').replace(/^\./, '')

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ')
