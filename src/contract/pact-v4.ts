/**
 * The part of the Pact Specification V4 file format the contract writes: synchronous HTTP interactions with
 * provider states, matching rules and provider-state generators (github.com/pact-foundation/pact-specification,
 * version-4). Types only.
 */

export interface PactV4 {
  consumer: { name: string }
  provider: { name: string }
  interactions: PactInteraction[]
  metadata: {
    pactSpecification: { version: '4.0' }
    'workspace-api-mock': { mocks: Array<{ scenario: string; seed: number }> }
  }
}

export interface PactInteraction {
  type: 'Synchronous/HTTP'
  description: string
  pending: false
  providerStates?: ProviderState[]
  request: PactRequest
  response: PactResponse
}

export interface ProviderState {
  name: string
  params?: Record<string, string | number>
}

export interface PactBody {
  content: unknown
  contentType: string
  encoded: false | 'base64'
}

export interface PactRequest {
  method: string
  path: string
  query?: Record<string, string[]>
  headers?: Record<string, string[]>
  body?: PactBody
  generators?: {
    path?: Generator
    header?: Record<string, Generator>
  }
}

export interface PactResponse {
  status: number
  headers?: Record<string, string[]>
  body?: PactBody
  matchingRules?: {
    header?: Record<string, Rule>
    body?: Record<string, Rule>
  }
}

/** A value the verifier takes from what the provider state's setup answered: `${workspaceId}`. */
export interface Generator {
  type: 'ProviderState'
  expression: string
  dataType: 'STRING'
}

export type Matcher =
  | { match: 'type'; min?: number }
  | { match: 'regex'; regex: string }
  | { match: 'integer' }
  | { match: 'number' }
  | { match: 'boolean' }
  /** Each variant (an item of the example, with rules relative to it) is somewhere in the array. */
  | { match: 'arrayContains'; variants: Array<{ index: number; rules: Record<string, Rule> }> }

export interface Rule {
  combine: 'AND'
  matchers: Matcher[]
}
