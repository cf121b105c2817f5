/**
 * The page-global that turns `startMockWorker` off: while it is set, the page's API calls are answered from
 * outside the page (workspace-api-mock/playwright routes them for each test), so the page must not start a
 * service worker that would answer them first. Its value says who answers. Platform-free and tiny: the
 * Playwright entry (Node) sets it with an init script, the browser entry reads it.
 */
export const WORKER_OFF_GLOBAL = '__workspaceApiMockWorkerOff'

/** Why the mock worker is off in this page, or undefined when it may start. */
export function mockWorkerOff(): string | undefined {
  const reason = (globalThis as Record<string, unknown>)[WORKER_OFF_GLOBAL]
  return reason ? String(reason) : undefined
}
