/**
 * Prints, as JSON, SHA-256 digests of the state built from each `<scenario>:<seed>` argument:
 * `build` for buildScenario() and `api` for a fresh createMockApi().snapshot(). Run in a child process
 * by the determinism tests to show that the same seed gives the same data in any process.
 * Usage: node test/support/scenario-digest.ts demo:42 paging:7
 */
import { createHash } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { buildScenario, createMockApi, type ScenarioRef } from '../../src/index.ts'

export const DIGEST_BASE_URL = 'https://digest.example.test'

export function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex')
}

/** The digests of one `<scenario>:<seed>` pair. */
export async function digestsOf(pair: string): Promise<{ build: string; api: string }> {
  const at = pair.lastIndexOf(':')
  const scenario = pair.slice(0, at) as ScenarioRef
  const seed = Number(pair.slice(at + 1))
  const build = digest(buildScenario(scenario, { seed, assetsOrigin: DIGEST_BASE_URL }))
  const api = createMockApi({ scenario, seed, baseUrl: DIGEST_BASE_URL })
  await api.ready
  return { build, api: digest(api.snapshot()) }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out: Record<string, { build: string; api: string }> = {}
  for (const pair of process.argv.slice(2)) out[pair] = await digestsOf(pair)
  process.stdout.write(`${JSON.stringify(out)}\n`)
}
