/**
 * `npm run mutation:merge -- <base.json> <run.json>...`: folds the results of runs over part of `src/`
 * (`npm run mutation -- --mutate 'src/testkit/**'`, each with its own `--incrementalFile`) into one
 * incremental report, written over the first. StrykerJS writes only the files a run mutated, and numbers
 * its tests afresh in each run; this renumbers every report's tests by file and name, so that the next
 * `npm run mutation` reuses each result whose code and tests have not changed.
 * A later report's file replaces the earlier one's whole (its mutants were all tested again).
 */
import { readFileSync, writeFileSync } from 'node:fs'

interface Test {
  id: string
  name: string
  location?: unknown
}
interface Mutant {
  coveredBy?: string[]
  killedBy?: string[]
  [key: string]: unknown
}
interface Report {
  files: Record<string, { mutants: Mutant[]; [key: string]: unknown }>
  testFiles?: Record<string, { tests: Test[]; source?: string }>
  [key: string]: unknown
}

const [target, ...runs] = process.argv.slice(2)
if (!target || runs.length === 0) {
  console.error('usage: npm run mutation:merge -- <base.json> <run.json> [<run.json>...]')
  process.exit(2)
}

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Report
const merged: Report = { ...read(target), files: {}, testFiles: {} }
const ids = new Map<string, string>() // "file#name" -> merged id

for (const path of [target, ...runs]) {
  const report = read(path)
  const renumber = new Map<string, string>()
  for (const [file, { tests, source }] of Object.entries(report.testFiles ?? {})) {
    const kept = (merged.testFiles![file] ??= { tests: [], source })
    kept.source = source
    for (const test of tests) {
      const key = `${file}#${test.name}`
      let id = ids.get(key)
      if (id === undefined) {
        id = String(ids.size)
        ids.set(key, id)
        kept.tests.push({ ...test, id })
      }
      renumber.set(test.id, id)
    }
  }
  const map = (list?: string[]) => list?.map((id) => renumber.get(id) ?? id)
  for (const [file, result] of Object.entries(report.files)) {
    merged.files[file] = {
      ...result,
      mutants: result.mutants.map((m) => ({ ...m, coveredBy: map(m.coveredBy), killedBy: map(m.killedBy) })),
    }
  }
}

writeFileSync(target, JSON.stringify(merged, null, 2))
console.log(`${target}: ${Object.keys(merged.files).length} source files, ${ids.size} tests`)
