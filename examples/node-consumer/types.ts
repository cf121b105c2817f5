/**
 * Type-checked (never run) against the shipped .d.ts files: every entry point's types resolve, and they
 * are precise (each `@ts-expect-error` below fails the check if a type were `any`).
 */
import { createMockApi, type Application, type MockApi, type Workspace } from 'workspace-api-mock'
import { startMockServer, withCredentials, type MockServer } from 'workspace-api-mock/node'
import { createBrowserMock, startMockWorker, type MockWorker } from 'workspace-api-mock/browser'

const api: MockApi = createMockApi({ scenario: 'scale:2x10', seed: 1 })
const workspace: Workspace | undefined = api.db.workspaces.all()[0]
const port: string | undefined = api.db.applications.all()[0]?.port
const applications: Application[] = api.snapshot().applications
export const names: string[] = [workspace?.name ?? '', port ?? '', ...applications.map((a) => a.name)]

// @ts-expect-error an unknown preset name is rejected
createMockApi({ scenario: 'huge' })
// @ts-expect-error a workspace has no `port`
export const wrong: string = workspace!.port

export async function node(): Promise<string> {
  const server: MockServer = await startMockServer({ port: 0, scenario: withCredentials('demo', { apiKey: 'k' }) })
  // @ts-expect-error the port is a number
  await startMockServer({ port: '4010' })
  await server.close()
  return server.url
}

export async function browser(): Promise<MockWorker> {
  const mock = createBrowserMock({ scenario: 'demo', persist: 'localStorage' })
  mock.save()
  // @ts-expect-error persist takes a storage name or a Storage
  createBrowserMock({ persist: 'cookies' })
  return startMockWorker({ scenario: 'empty', persist: 'sessionStorage', start: { quiet: true } })
}

// `api.db` is @msw/data's collection API, with the record types of the schemas.
export const byName: Workspace | undefined = api.db.workspaces.findFirst((q) => q.where({ name: 'Payments' }))
// @ts-expect-error a workspace has no `port` to query by
api.db.workspaces.findFirst((q) => q.where({ port: '443' }))
