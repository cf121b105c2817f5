/**
 * workspace-api-mock/node: everything of the platform-free core, plus what only runs in Node
 * (the HTTP server behind the `workspace-api-mock` command).
 */
export * from '../index.ts'
export {
  startMockServer,
  ListenError,
  API_REQUEST_HEADERS,
  type MockServer,
  type MockServerOptions,
} from './server.ts'
export { withCredentials } from './scenario.ts'
