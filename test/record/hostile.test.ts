/**
 * `record` against a hostile service (test/support/hostile-service.ts), one mode a case, through the command
 * as a process with a small heap: one line on stderr, exit code 2, nothing on stdout, no file written, and
 * the process bounded in memory and time (a bound that fails runs out of heap and crashes instead).
 */
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { runBounded } from '../cli/cli-process.ts'
import { PEAK_MIB, useHostileService, type ModeName } from '../support/use-hostile-service.ts'

const { folder, service } = useHostileService('wam-record-hostile-')

const TOO_LARGE = / answered GET \/api\/workspaces\?current_page=1&page_size=100 with more than 8 MiB, the most one answer may hold \(--max-answer raises it\)$/
const TOO_DEEP = (path: string) => new RegExp(` answered GET /api/${path}\\?current_page=1&page_size=100 with JSON nested deeper than 32 levels, the most an answer may nest$`)

test.concurrent.each<[ModeName, RegExp, string[]?]>([
  ['huge', TOO_LARGE],
  ['endless', TOO_LARGE],
  ['gzip-bomb', TOO_LARGE],
  ['stall', / did not answer GET \/api\/workspaces\?current_page=1&page_size=100 within 0\.5 s \(--timeout\)$/, ['--timeout', '500ms']],
  ['claims', /: the service holds more than 1,000 records \(workspaces and applications together\), the most one recording keeps \(--max-records raises it\)$/, ['--max-records', '1000']],
  ['fat', /: the service sent more than 19\.5 MiB of answers \(2 KiB a record of --max-records 10,000\), the most one recording reads \(--max-records raises it\)$/, ['--max-records', '10000']],
  ['repeats', /: applications of workspace wse_[0-9a-f]{32}: page 2 holds only records of earlier pages \(100, none new\), with 1000000000000 claimed and 100 read: the service does not page as the API does$/],
  ['deep-total', TOO_DEEP('applications')],
  ['deep-organization', TOO_DEEP('workspaces')],
  ['deep-workspace', TOO_DEEP('applications')],
  ['control-id', /: the service listed a workspace whose id is not an id of the API \(wse_ or app_ and hex, at most 36 characters\): wse_[0-9a-f]{32}\\x01$/],
  ['escape-detail', / answered 404 Not Found to GET \/api\/workspaces\S+: \\x1b\]0;owned\\x07\\x1b\[2J\\x1b\[31mred\\nworkspace-api-mock record: forged$/],
  ['long-id', /: the service listed application app_(\\x1b\[2J){20}\S*… \(1048580 characters\) under workspace wse_[0-9a-f]{32}, but it names workspace wse_0: does the service honour X-Workspace-ID\?$/],
])('%s: one line, exit 2, nothing written, bounded', async (mode, message, extra = []) => {
  const out = join(folder, `${mode}.json`)
  const { apiKey, apiSecret } = service().credentials
  const run = await runBounded(['record', '--target', service().target(mode), '--api-key', apiKey, '--api-secret', apiSecret, '--out', out, '--rate', '1000', ...extra])
  // Off a terminal, a run that takes 5 s (a loaded machine) prints a progress line first.
  const stderr = run.stderr.replace(/^workspace-api-mock record: Recording .*\n/gm, '')
  expect(stderr).toMatch(/^workspace-api-mock record: [^\n]+\n$/)
  expect(stderr.trimEnd()).toMatch(message)
  // Nothing of what the service sent reaches the terminal raw, and no line is longer than a few values.
  expect(run.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/)
  expect(stderr.length).toBeLessThan(600)
  expect(run).toMatchObject({ code: 2, stdout: '' })
  expect(existsSync(out)).toBe(false)
  expect(readdirSync(folder).filter((name) => name.includes(mode))).toEqual([])
  expect(run.peakMiB).toBeLessThan(PEAK_MIB)
  // Time as CPU: what the process spends does not depend on how loaded the machine is.
  expect(run.cpuSeconds).toBeLessThan(5)
})
