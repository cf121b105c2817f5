/** Whether this process looks like a test runner (Vitest, Jest, node --test, or NODE_ENV=test). */
export function underTestRunner(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
  if (!env) return false
  return Boolean(env.VITEST || env.JEST_WORKER_ID || env.NODE_TEST_CONTEXT || env.NODE_ENV === 'test')
}
