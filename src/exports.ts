/**
 * The platform-free public API that every entry point shares: `workspace-api-mock` adds the JSON Schema
 * generator to it, `workspace-api-mock/node` and `/browser` their runtimes. (The generator is left out of
 * the browser entry so that a browser bundle loads it only when a schema document is asked for.)
 */
export {
  createMockApi,
  type MockApi,
  type MockApiOptions,
  type Credentials,
  type Principal,
} from './api/create-mock-api.ts'
export {
  createFactories,
  buildWorkspace,
  buildApplication,
  buildOrganization,
  buildAccount,
  REFERENCE_DATE,
  type Factories,
  type FactoryOptions,
  type ResourcePools,
  type ApplicationContext,
  type WorkspaceContext,
} from './factories/factories.ts'
export { ScenarioKit, type Scenario, type ScenarioState } from './scenarios/kit.ts'
export {
  scenarios,
  empty,
  demo,
  paging,
  multiTenant,
  scale,
  type ScaleOptions,
  type ScenarioName,
} from './scenarios/presets.ts'
export { buildScenario, resolveScenario, type ScenarioRef } from './scenarios/resolve.ts'
export { validateState, InvalidStateError } from './model/validate-state.ts'
export {
  defineOperation,
  type OperationDefinition,
  type DefinedOperation,
  type RunContext,
  type ResponseDefinition,
  type RecordSchema,
  type WorkspaceCollection,
  type ApplicationCollection,
  type WorkspaceValues,
  type ApplicationValues,
  type WorkspaceChanges,
  type ApplicationChanges,
  type WorkspaceOf,
  type ApplicationOf,
  type FieldValues,
  type Paging,
  type RequestView,
} from './handlers/definitions/define-operation.ts'
export { DefinitionError } from './model/definition-error.ts'
export type { FieldDefinition, RecordFields } from './model/fields.ts'
export { identifierParameter } from './handlers/definitions/parameters.ts'
export {
  deleteWorkspace,
  createApplication,
  updateApplication,
  deleteApplication,
  unshownOperations,
} from './handlers/definitions/operations/unshown.ts'
export type { Database } from './model/database.ts'
export type { OperationName, HttpMethod } from './handlers/operation-spec.ts'
export type { WorkspaceIdPrefix } from './handlers/context.ts'
export { MAX_BODY_BYTES } from './handlers/limits.ts'
export { PAGING } from './handlers/definitions/parameters.ts'
export { DEFAULT_PROFILE, ProfileError, profileSchema, resolveProfile, type Profile, type ResolvedProfile } from './handlers/profile.ts'
export * from './model/schemas.ts'
export { ID_PREFIX, MAX_ID_LENGTH } from './model/ids.ts'
export type { JournalEntry, JournalQuery, FaultRule, Why, WhyCaller, WhyDecision, WhyPage, WhyRecords, WhyRoute } from './testkit/journal.ts'
/** A failed test's evidence file, as read (docs/evidence.md; its JSON Schema: `workspace-api-mock/evidence.schema.json`). */
export type { Evidence } from './evidence/shape.ts'
export type { LiveOptions, LiveMode, DriftEntry } from './live/options.ts'
export type { LiveNote } from './handlers/trace.ts'
