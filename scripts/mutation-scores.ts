/**
 * `npm run mutation:scores`: the mutation score per folder of `src/`, from the last mutation run's report
 * (`reports/mutation/mutation.json`, or the incremental file when a run was stopped before its reports:
 * Stryker keeps the results it has in it). Score = detected / valid, as Stryker counts it: killed and timed-out
 * mutants over those plus survivors and mutants no test covers; ignored (static) and invalid ones left out.
 * Usage: npm run mutation:scores [-- <report.json>]
 */
import { existsSync, readFileSync } from 'node:fs'

const FOLDERS_WITH_A_GOAL = ['src/handlers', 'src/model', 'src/testkit', 'src/scenarios', 'src/factories', 'src/server']
const GOAL = 85

type Status = 'Killed' | 'Timeout' | 'Survived' | 'NoCoverage' | 'Ignored' | 'CompileError' | 'RuntimeError' | 'Pending'
interface Report {
  files: Record<string, { mutants: Array<{ status: Status }> }>
}

const candidates = [process.argv[2], 'reports/mutation/mutation.json', 'reports/mutation/stryker-incremental.json']
const file = candidates.find((path): path is string => path !== undefined && existsSync(path))
if (!file) {
  console.error('No mutation report: run `npm run mutation` first.')
  process.exit(2)
}
const report = JSON.parse(readFileSync(file, 'utf8')) as Report

interface Row {
  killed: number
  timeout: number
  survived: number
  noCoverage: number
  ignored: number
}
const rows = new Map<string, Row>()
for (const [path, { mutants }] of Object.entries(report.files)) {
  const folder = path.replace(/\\/g, '/').split('/').slice(0, 2).join('/')
  const row = rows.get(folder) ?? { killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0 }
  for (const { status } of mutants) {
    if (status === 'Killed') row.killed++
    else if (status === 'Timeout') row.timeout++
    else if (status === 'Survived') row.survived++
    else if (status === 'NoCoverage') row.noCoverage++
    else if (status === 'Ignored') row.ignored++
  }
  rows.set(folder, row)
}

const score = (row: Row) => {
  const valid = row.killed + row.timeout + row.survived + row.noCoverage
  return valid === 0 ? undefined : ((row.killed + row.timeout) / valid) * 100
}
console.log(`From ${file}:\n`)
console.log('| folder | score | killed | timeout | survived | no coverage | ignored (static) | goal |')
console.log('|---|---|---|---|---|---|---|---|')
for (const [folder, row] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
  const value = score(row)
  const goal = FOLDERS_WITH_A_GOAL.includes(folder) ? (value !== undefined && value >= GOAL ? `>= ${GOAL}%: met` : `>= ${GOAL}%: not met`) : ''
  console.log(
    `| ${folder} | ${value === undefined ? 'n/a' : `${value.toFixed(2)}%`} | ${row.killed} | ${row.timeout} | ${row.survived} | ${row.noCoverage} | ${row.ignored} | ${goal} |`,
  )
}
