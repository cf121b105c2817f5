/**
 * The code under test of this example: a small client of the Workspace API, as a UI would have one. It
 * turns the API's answers into what the screens show: lists, a created workspace, "not found", a field's
 * validation message, one retry after a 503.
 */
export interface Credentials {
  apiKey: string
  apiSecret: string
}

export interface Workspace {
  id: string
  name: string
}

/** What a screen shows for a refused request: the status, and the message of each field that was wrong. */
export class ApiError extends Error {
  readonly status: number
  readonly fields: Record<string, string>

  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message)
    this.status = status
    this.fields = fields
  }
}

export function workspacesClient(base: string, credentials: Credentials) {
  const headers = { 'X-API-Key': credentials.apiKey, 'X-API-Secret': credentials.apiSecret }
  async function call<T>(path: string, init: RequestInit = {}, retries = 1): Promise<T> {
    const response = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...init.headers } })
    if (response.status === 503 && retries > 0) return call(path, init, retries - 1)
    const body = await response.json()
    if (!response.ok) {
      const fields = Object.fromEntries((body.errors ?? []).map((error: { location: string; message: string }) => [error.location.replace(/^body\./, ''), error.message]))
      throw new ApiError(response.status, body.detail, fields)
    }
    return body as T
  }
  return {
    async list(): Promise<Workspace[]> {
      return (await call<{ data: Workspace[] }>('/api/workspaces')).data
    },
    /** A workspace, or undefined when the API says 404 (missing, or another organization's: it never says which). */
    async get(id: string): Promise<Workspace | undefined> {
      try {
        return (await call<{ data: Workspace }>(`/api/workspaces/${id}`)).data
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return undefined
        throw error
      }
    },
    async create(name: string): Promise<Workspace> {
      const init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name }) }
      return (await call<{ data: Workspace }>('/api/workspaces', init)).data
    },
    /** Every application of a workspace, page by page. */
    async applications(workspaceId: string, pageSize = 10): Promise<string[]> {
      const names: string[] = []
      for (let page = 1; ; page++) {
        const answer = await call<{ data: { name: string }[]; total: number }>(`/api/applications?current_page=${page}&page_size=${pageSize}`, { headers: { 'X-Workspace-ID': workspaceId } })
        names.push(...answer.data.map((application) => application.name))
        if (page * pageSize >= answer.total) return names
      }
    },
  }
}
