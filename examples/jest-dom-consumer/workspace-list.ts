/** The "component" under test: renders the workspaces the API returns into a list element. */
import type { Credentials, Workspace } from 'workspace-api-mock'

export async function renderWorkspaces(list: HTMLUListElement, apiUrl: string, credentials: Credentials): Promise<void> {
  const response = await fetch(`${apiUrl}/api/workspaces`, {
    headers: { 'X-API-Key': credentials.apiKey, 'X-API-Secret': credentials.apiSecret },
  })
  if (!response.ok) {
    list.replaceChildren(Object.assign(document.createElement('li'), { className: 'error', textContent: `Error ${response.status}` }))
    return
  }
  const { data } = (await response.json()) as { data: Workspace[] }
  list.replaceChildren(...data.map((workspace) => Object.assign(document.createElement('li'), { textContent: workspace.name })))
}
