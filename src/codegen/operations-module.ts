/**
 * The module that makes the mock follow what was found of a service (docs/verify.md, "The code that
 * follows the service"): `fields` entries and `defineOperation`s, written into a new module or merged
 * into one a user keeps. A merge adds only what the file does not declare yet, each item above the
 * `workspace-api-mock:` line of its kind, and leaves every other byte of the file as it was: a user's edits
 * survive any number of runs.
 */
import { commentText, declarable, docComment } from './code-text.ts'
import { fieldItems, type FieldItem } from './field-code.ts'
import { findingsSchema, type Findings } from './findings.ts'
import { operationCode } from './operation-code.ts'
import { operationPlans, type OperationPlan } from './operation-plans.ts'

/** The lines a merge inserts above; a module without the one it needs cannot be merged into. */
export const MARKS = {
  workspace: '// workspace-api-mock: new workspace fields go above this line',
  application: '// workspace-api-mock: new application fields go above this line',
  operations: '// workspace-api-mock: new operations go above this line',
  list: '// workspace-api-mock: new operations are listed above this line',
} as const

/** A module that cannot be merged into (a line it needs is missing): one line for the user. */
export class MergeError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MergeError'
  }
}

export interface OperationsModule {
  text: string
  /** What this run added (`fields.application.status`, `operation deleteWorkspace (DELETE ...)`). */
  added: string[]
  /** What was found and the file declares already. */
  present: string[]
  /** What was found and cannot be written, and why (the service's text in it not yet made safe to print). */
  notes: string[]
}

/** A new module: the header, the import, empty `fields` and an empty default export, with their marks. */
export function emptyModule(source: string): string {
  const header = docComment(
    `Operations and fields of your own that make the mock follow ${commentText(source, 200)}, written by workspace-api-mock from what ` +
      'it found there (docs/extending.md). Keep this file and edit it: a later run adds what it finds that the file does not ' +
      'declare yet, above the workspace-api-mock: lines, and leaves the rest as it is. Serve it with --operations <this file>.',
    '',
  )
  return [
    header,
    "import { defineOperation, z, type RecordFields } from 'workspace-api-mock'",
    '',
    'export const fields = {',
    '  workspace: {',
    `    ${MARKS.workspace}`,
    '  },',
    '  application: {',
    `    ${MARKS.application}`,
    '  },',
    '} satisfies RecordFields',
    '',
    MARKS.operations,
    '',
    'export default [',
    `  ${MARKS.list}`,
    '] as const',
    '',
  ].join('\n')
}

/**
 * The module for `findings`: `existing` (a file's text) with what it lacks added, or a new module. Throws
 * `MergeError` when the file lacks a mark an addition needs, and zod's error for findings out of bounds.
 */
export function operationsModule(input: Findings, existing?: string): OperationsModule {
  const findings = findingsSchema.parse(input)
  const fields = fieldItems(findings)
  const operations = operationPlans(findings)
  const result: OperationsModule = { text: existing ?? emptyModule(findings.source), added: [], present: [], notes: [...fields.notes, ...operations.notes] }
  for (const item of fields.items) addField(result, item)
  for (const plan of operations.plans) addOperation(result, plan)
  return result
}

function addField(result: OperationsModule, item: FieldItem): void {
  const what = `fields.${item.record}.${item.name}`
  if (declaresField(result.text, item.record, item.name)) return void result.present.push(what)
  result.text = insertAbove(result.text, MARKS[item.record], `${item.code}\n`)
  result.added.push(what)
}

function addOperation(result: OperationsModule, plan: OperationPlan): void {
  const what = `operation ${plan.name} (${plan.method} ${plan.path})`
  if (declaresOperation(result.text, plan)) return void result.present.push(what)
  const variable = freeVariable(result.text, plan.name)
  result.text = insertAbove(insertAbove(result.text, MARKS.operations, `${operationCode(plan, variable)}\n\n`), MARKS.list, `  ${variable},\n`)
  result.added.push(what)
}

/** `text` with `insert` at the start of the line that holds `mark`. */
function insertAbove(text: string, mark: string, insert: string): string {
  const at = text.indexOf(mark)
  if (at === -1) throw new MergeError(`the line "${mark}" is missing: put it back where the generated module had it, or write to a new file`)
  const line = text.lastIndexOf('\n', at) + 1
  return `${text.slice(0, line)}${insert}${text.slice(line)}`
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A name as a key, bare or quoted either way. */
const keyPattern = (name: string) => `(?:${escaped(name)}|'${escaped(name)}'|"${escaped(name)}")`

/** Whether the record's part of `fields` (up to its mark) has an entry of this name (at the entries' indentation). */
function declaresField(text: string, record: FieldItem['record'], name: string): boolean {
  const end = text.indexOf(MARKS[record])
  const start = record === 'application' ? text.indexOf(MARKS.workspace) : text.indexOf('export const fields')
  const part = end === -1 ? text : text.slice(Math.max(0, start), end)
  return new RegExp(`^ {4}${keyPattern(name)}\\s*:`, 'm').test(part)
}

/** Whether the module defines an operation of this name, or one of this method and path. */
function declaresOperation(text: string, plan: OperationPlan): boolean {
  if (new RegExp(`\\bname:\\s*${keyPattern(plan.name)}`).test(text)) return true
  return text.split('defineOperation(').slice(1).some((definition) =>
    new RegExp(`\\bmethod:\\s*${keyPattern(plan.method)}`).test(definition) && new RegExp(`\\bpath:\\s*${keyPattern(plan.path)}`).test(definition),
  )
}

/** A variable name for the operation that the module does not declare or import yet. */
function freeVariable(text: string, name: string): string {
  const base = declarable(name) ? name : `${name}Operation`
  const taken = (candidate: string) => {
    const name = escaped(candidate)
    return new RegExp(`\\b(?:const|let|var|function|class)\\s+${name}\\b|\\bimport\\s+(?:type\\s+)?(?:${name}\\b|\\{[^}]*\\b${name}\\b[^}]*\\})`).test(text)
  }
  let candidate = base
  for (let n = 2; taken(candidate); n++) candidate = `${base}${n}`
  return candidate
}
