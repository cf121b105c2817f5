/**
 * workspace-api-mock/node: everything of the platform-free core, plus what only runs in Node
 * (the HTTP server behind the `workspace-api-mock` command) or belongs beside it (the consumer contract,
 * which builds the OpenAPI document a browser bundle loads only when asked for; the code that follows the
 * live service, whose generator a page never needs).
 */
export * from '../index.ts'
export {
  startMockServer,
  ListenError,
  API_REQUEST_HEADERS,
  type MockServer,
  type MockServerOptions,
  type MockServerSessions,
} from '../server/server.ts'
export {
  SessionLimitError,
  SessionOptionsError,
  DEFAULT_SESSION_LIMITS,
  type MockSession,
  type SessionOptions,
  type SessionLimits,
} from '../server/sessions/registry.ts'
export { withCredentials } from '../scenarios/with-credentials.ts'
export { driftFindings, driftModule } from '../api/drift-module.ts'
export { MergeError, type OperationsModule } from '../codegen/operations-module.ts'
export type { Findings } from '../codegen/findings.ts'
export {
  connectMockServer,
  type ConnectOptions,
  type MockServerConnection,
  type RemoteSession,
  type RemoteSessionOptions,
  type SessionDescription,
} from '../client/connect.ts'
export { MockServerError } from '../client/admin-request.ts'
export type { RemoteFaults, RemoteFaultHandle } from '../client/remote-faults.ts'
export type { RemoteJournal } from '../client/remote-journal.ts'
export {
  pactOf,
  pactText,
  type ContractExchange,
  type ContractInput,
  type ContractMock,
  type ContractWhy,
  type OpenApiDocument,
  type PactV4,
} from '../contract/pact.ts'
export { contractInputOfCoverage } from '../contract/coverage-input.ts'
