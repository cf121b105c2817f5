import type { ContractViolation } from '../handlers/ports.ts'

/**
 * Whether this process looks like a test runner: Vitest, Jest, node --test, a Playwright Test worker
 * (`TEST_WORKER_INDEX`), or NODE_ENV=test.
 */
export function underTestRunner(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
  if (!env) return false
  return Boolean(env.VITEST || env.JEST_WORKER_ID || env.NODE_TEST_CONTEXT || env.TEST_WORKER_INDEX || env.NODE_ENV === 'test')
}

/**
 * What the test-runner helpers (`useMockApi`, the Playwright fixture) throw after a test that caused
 * contract violations, so that the test fails; undefined when there were none.
 */
export function violationsError(violations: readonly ContractViolation[]): Error | undefined {
  if (violations.length === 0) return undefined
  const lines = violations.map((v) => `  ${v.operation} (${v.status} ${v.schema}): ${v.field}: ${v.reason}`)
  return new Error(`workspace-api-mock: contract violations in this test:\n${lines.join('\n')}`)
}
