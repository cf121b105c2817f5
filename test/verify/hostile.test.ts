/**
 * `verify` against a hostile service (test/support/hostile-service.ts), one mode a case. Where the run must
 * stop: through the command as a process with a small heap (one line, exit code 2, nothing on stdout, the
 * process bounded in memory and time). Where it runs to the end (a forged title, a profile no knob takes):
 * in this process (in-process.ts), its output and the profile it writes checked.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { loadProfileFile } from '../../src/cli/profile-file.ts'
import { runBounded } from '../cli/cli-process.ts'
import { PEAK_MIB, useHostileService, type ModeName } from '../support/use-hostile-service.ts'
import { verifyInProcess } from './in-process.ts'

const { folder, service } = useHostileService('wam-verify-hostile-')

const args = (mode: ModeName, ...extra: string[]) => {
  const { apiKey, apiSecret } = service().credentials
  return ['verify', '--target', service().target(mode), '--api-key', apiKey, '--api-secret', apiSecret, '--rate', '1000', ...extra]
}

const TOO_LARGE = / answered GET \/api\/workspaces with more than 8 MiB, the most one answer may hold \(--max-answer raises it\)$/
const TOO_DEEP = / answered GET \/api\/workspaces with JSON nested deeper than 32 levels, the most an answer may nest$/
const REDIRECT = (status: number) =>
  new RegExp(` answered ${status} to GET /api/workspaces, a redirect to https://elsewhere\\.example/api/workspaces: verify does not follow redirects \\(they would carry the credentials\\); give the address it redirects to as --target$`)

test.concurrent.each<[ModeName, RegExp, string[]?]>([
  ['huge', TOO_LARGE],
  ['endless', TOO_LARGE],
  ['gzip-bomb', TOO_LARGE],
  ['stall', / did not answer GET \/api\/workspaces within 0\.5 s \(--timeout\)$/, ['--timeout', '500ms']],
  ['deep-error-value', TOO_DEEP],
  ['deep-title', TOO_DEEP],
  ['deep-created', TOO_DEEP],
  ['control-id', /: cannot send GET \/api\/applications to http:\/\/127\.0\.0\.1:\d+\/control-id: invalid X-Workspace-ID header$/],
  ['redirect-301', REDIRECT(301)],
  ['redirect-307', REDIRECT(307)],
])('%s: one line, exit 2, nothing written, bounded', async (mode, message, extra = []) => {
  const report = join(folder, `${mode}.json`)
  const run = await runBounded([...args(mode, ...extra), '--report', report])
  expect(run.stderr).toMatch(/^workspace-api-mock verify: [^\n]+\n$/)
  expect(run.stderr.trimEnd()).toMatch(message)
  expect(run.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/)
  expect(run).toMatchObject({ code: 2, stdout: '' })
  expect(existsSync(report)).toBe(false)
  expect(run.peakMiB).toBeLessThan(PEAK_MIB)
  // Time as CPU: what the process spends does not depend on how loaded the machine is.
  expect(run.cpuSeconds).toBeLessThan(5)
})

test('a problem title with a newline forges no line of the summary', async () => {
  const run = await verifyInProcess(args('forged-title'))
  expect(run.code).toBe(1)
  expect(run.stdout).not.toMatch(/^same +forged\.check/m)
  expect(run.stdout).toMatch(/^differs +auth\.no-credentials\.title +GET \/api\/workspaces +expected Unauthorized, observed Unauthorized\\nsame {9}forged\.check {2}GET \/api\/forged {2}200 {2}\[Forged\] {2}\[Error bodies\]$/m)
  // One line a check, then the totals: no more lines than checks.
  const checks = Number(/^(\d+) checks covering/m.exec(run.stdout)![1])
  expect(run.stdout.trimEnd().split('\n')).toHaveLength(checks + 1)
})

test.each<[ModeName, RegExp]>([
  ['refuses-paging', /^no profile knob adopts \{"paging":\{"(pageSize|currentPage)":\{"max":\d+\}\}\}: profile: paging\.\w+\.min: \d+ is above max \d+$/m],
  ['huge-default', /^no profile knob adopts \{"paging":\{"currentPage":\{"default":99999999999\}\}\}: profile: paging\.currentPage\.default: Too big: expected number to be <=1000000$/m],
])('%s: --profile-out writes what --profile takes, and says what no knob adopts', async (mode, unadoptable) => {
  const out = join(folder, `${mode}.profile.json`)
  const run = await verifyInProcess(args(mode, '--profile-out', out))
  expect(run.code).toBe(1)
  expect(run.stdout).toMatch(unadoptable)
  expect(run.stderr).toBe('')
  expect(() => loadProfileFile(out)).not.toThrow()
  expect(JSON.parse(readFileSync(out, 'utf8'))).not.toHaveProperty('paging.currentPage.default')
})

test('--operations-out keeps what it reads within its bound (16 MiB of answers): pages of 1 MB, written, the process bounded', async () => {
  const out = join(folder, 'fat.ts')
  const run = await runBounded([...args('fat'), '--operations-out', out])
  expect(run.stderr).toBe('')
  expect(run.code).toBe(1)
  expect(run.stdout).toContain(`wrote the operations module to ${out}: `)
  expect(readFileSync(out, 'utf8')).toContain('export default [')
  expect(run.peakMiB).toBeLessThan(PEAK_MIB)
})
