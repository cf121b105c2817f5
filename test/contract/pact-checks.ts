/**
 * The two checks of a pact by tools we did not write, for every suite that writes one (verifier.test.ts,
 * comparator.test.ts, the coverage example's test/coverage/consumer.test.ts): Pact's reference verifier
 * (@pact-foundation/pact's Verifier, the Rust core) replaying it against a provider whose states are set up
 * through the demo server's admin routes (examples/contract/provider-states.ts), and PactFlow's comparator
 * (@pactflow/openapi-pact-comparator) holding it against an OpenAPI document.
 */
import { readFileSync } from 'node:fs'
import { Verifier } from '@pact-foundation/pact'
import * as comparator from '@pactflow/openapi-pact-comparator'
import { demoServerStates } from '../../examples/contract/provider-states.ts'
import type { PactV4 } from '../../src/contract/pact.ts'

export interface VerifierResults {
  interactionResults: Array<{ description: string; result: string; mismatch?: { mismatches?: Array<{ mismatch: string }> } }>
}

/**
 * The verifier's results for the pact in `file` against `providerBaseUrl` (the demo server `server`, or a
 * proxy in front of it), passed or failed (it rejects with them as the error's message). The provider is
 * named `workspace-api`, as the pacts are.
 */
export async function verifyPact(file: string, providerBaseUrl: string, server: { url: string }): Promise<VerifierResults> {
  const verifier = new Verifier({
    provider: 'workspace-api',
    providerBaseUrl,
    pactUrls: [file],
    // Each provider state, set up on the provider (here through the demo server's admin routes).
    stateHandlers: demoServerStates(server.url),
    logLevel: 'error',
  })
  try {
    return JSON.parse(String(await verifier.verifyProvider())) as VerifierResults
  } catch (error) {
    return JSON.parse((error as Error).message) as VerifierResults
  }
}

// Its package's `exports` list `types` after `import`, so TypeScript does not find its declarations: typed here.
interface Result {
  code: string
  mockDetails?: { interactionDescription?: string }
}
const { Comparator } = comparator as unknown as { Comparator: new (options: { oas: unknown }) => { compare(pact: unknown): AsyncGenerator<Result> } }

/** The OpenAPI document the mock serves (the kit's own). */
export const KIT_DOCUMENT = JSON.parse(readFileSync(new URL('../../fixtures/openapi.json', import.meta.url), 'utf8')) as Record<string, any>

/** Every result of the comparator's comparison of `pact` with `oas`: its code and the interaction it names, sorted. */
export async function compareWithDocument(pact: PactV4, oas: Record<string, any>): Promise<string[]> {
  const results: string[] = []
  for await (const result of new Comparator({ oas }).compare(pact)) {
    results.push(`${result.code}: ${result.mockDetails?.interactionDescription}`)
  }
  return results.sort()
}
