/**
 * The consumer contract: a Pact V4 document from what a consumer's suite did against the mock. One
 * interaction per operation, outcome and request shape (outcome.ts), its example the exchange whose
 * interaction reads first, so that the same exchanges give the same bytes in any order and split across
 * any number of workers; provider states from the scenario (states.ts); matchers from the document's
 * schemas (matchers.ts); no credential (request.ts). Pure: no clock, no randomness, no I/O.
 */
import { DocumentView } from './document.ts'
import { DEFAULT_CONSUMER, DEFAULT_PROVIDER, type ContractExchange, type ContractInput } from './input.ts'
import { outcomeOf } from './outcome.ts'
import type { PactInteraction, PactV4 } from './pact-v4.ts'
import { credentialHeaders, pactRequest } from './request.ts'
import { pactResponse } from './response.ts'
import { ownersOf, statesOf, type Owners } from './states.ts'

export type { ContractExchange, ContractInput, ContractMock, ContractWhy, OpenApiDocument } from './input.ts'
export type { PactV4 } from './pact-v4.ts'

/** The pact as the file holds it: JSON indented by two spaces, a line break at the end. */
export function pactText(input: ContractInput): string {
  return pactJson(pactOf(input))
}

export function pactJson(pact: PactV4): string {
  return `${JSON.stringify(pact, null, 2)}\n`
}

export function pactOf(input: ContractInput): PactV4 {
  const view = new DocumentView(input.openapi)
  const owners = ownersOf(input.exchanges)
  // Per interaction: its description and the candidate that reads first (the text without its description).
  const chosen = new Map<string, { words: string; text: string; interaction: Omit<PactInteraction, 'description'> }>()
  for (const exchange of input.exchanges) {
    if (input.faults === false && exchange.why.decision.kind === 'fault') continue
    const operation = view.operation(exchange.operation ?? undefined)
    const outcome = operation && outcomeOf(exchange, operation)
    if (!operation || !outcome) continue
    const interaction = interactionOf(exchange, operation, view, owners)
    const text = JSON.stringify(interaction)
    const kept = chosen.get(outcome.key)
    if (kept === undefined || text < kept.text) chosen.set(outcome.key, { words: outcome.words, text, interaction })
  }
  const ordered = [...chosen.values()].sort((a, b) => compare(a.words, b.words) || compare(a.text, b.text))
  const seen = new Map<string, number>()
  const interactions = ordered.map(({ words, interaction }) => {
    // Two shapes in the same words (members of other types): the second gets a number.
    const count = (seen.get(words) ?? 0) + 1
    seen.set(words, count)
    const { type, ...rest } = interaction
    return { type, description: count === 1 ? words : `${words} #${count}`, ...rest }
  })
  return {
    consumer: { name: input.consumer ?? DEFAULT_CONSUMER },
    provider: { name: input.provider ?? DEFAULT_PROVIDER },
    interactions,
    metadata: { pactSpecification: { version: '4.0' }, 'workspace-api-mock': { mocks: mocksOf(input) } },
  }
}

function interactionOf(exchange: ContractExchange, operation: NonNullable<ReturnType<DocumentView['operation']>>, view: DocumentView, owners: Owners): Omit<PactInteraction, 'description'> {
  const credentials = credentialHeaders(exchange)
  const needsPrincipal = [...credentials.values()].some((header) => header.generator !== undefined)
  const { states, roles } = statesOf(exchange, operation, owners, needsPrincipal)
  return {
    type: 'Synchronous/HTTP',
    pending: false,
    ...(states.length > 0 ? { providerStates: states } : {}),
    request: pactRequest(exchange, operation, credentials, roles),
    response: pactResponse(exchange, operation, { view, origin: view.origin }),
  }
}

/** The mocks, each once, in order. */
function mocksOf(input: ContractInput): Array<{ scenario: string; seed: number }> {
  const unique = new Map((input.mocks ?? []).map(({ scenario, seed }) => [JSON.stringify([scenario, seed]), { scenario, seed }]))
  return [...unique.entries()].sort(([a], [b]) => compare(a, b)).map(([, mock]) => mock)
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
