/**
 * How `record` writes `--out` (in this process, whose pid the old temporary name used): a link planted where
 * the temporary file goes, or at `--out` itself, never gets the state; and where stderr is no terminal,
 * progress is a line of its own every few seconds.
 */
import { lstatSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { record } from '../../src/cli/record.ts'
import { useHostileService, type ModeName } from '../support/use-hostile-service.ts'

const { folder, service } = useHostileService('wam-record-out-')

async function run(mode: ModeName, out: string, extra: string[] = [], logEveryMs?: number) {
  let stdout = ''
  let stderr = ''
  const { apiKey, apiSecret } = service().credentials
  const args = ['--target', service().target(mode), '--api-key', apiKey, '--api-secret', apiSecret, '--out', out, '--rate', '1000', ...extra]
  const code = await record(args, { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, logEveryMs })
  return { code, stdout, stderr }
}

test('links planted at the temporary name and at --out: the files they point to keep their text, --out becomes the state', async () => {
  const victim = join(folder, 'victim.txt')
  writeFileSync(victim, 'not yours')
  const out = join(folder, 'recorded.json')
  symlinkSync(victim, `${out}.${process.pid}.tmp`)
  symlinkSync(victim, out)
  const result = await run('honest', out)
  expect(result.code).toBe(0)
  expect(readFileSync(victim, 'utf8')).toBe('not yours')
  expect(lstatSync(out).isFile()).toBe(true)
  expect(JSON.parse(readFileSync(out, 'utf8')).workspaces.length).toBeGreaterThan(0)
  // No temporary file is left behind.
  expect(readdirSync(folder).sort()).toEqual(['recorded.json', `recorded.json.${process.pid}.tmp`, 'victim.txt'])
})

test('off a terminal, progress is a line on stderr every few seconds (here at every page), then the one line of the bound', async () => {
  const out = join(folder, 'claims.json')
  const result = await run('claims', out, ['--max-records', '300'], 0)
  const lines = result.stderr.trimEnd().split('\n')
  expect(result.code).toBe(2)
  expect(lines.slice(0, -1)).toContain(`workspace-api-mock record: Recording ${service().target('claims')}: 0 of 5 workspaces, 200 applications, 3 pages`)
  expect(lines.at(-1)).toBe('workspace-api-mock record: the service holds more than 300 records (workspaces and applications together), the most one recording keeps (--max-records raises it)')
  expect(result.stdout).toBe('')
})
