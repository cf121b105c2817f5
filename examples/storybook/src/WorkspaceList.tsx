import type { Workspace } from 'workspace-api-mock/storybook'
import { useApi, useLoad } from './api.tsx'

/** The workspaces of the caller's organization. */
export function WorkspaceList({ refresh = 0 }: { refresh?: number }) {
  const call = useApi()
  const loaded = useLoad((signal) => call<{ data: Workspace[] }>('/api/workspaces', { signal }), refresh)
  if (loaded.state === 'loading') return <p role="status">Loading workspaces…</p>
  if (loaded.state === 'error') return <p role="alert">Could not load the workspaces: {loaded.message}</p>
  const workspaces = loaded.value.data
  if (workspaces.length === 0) return <p>No workspaces yet.</p>
  return (
    <ul aria-label="Workspaces">
      {workspaces.map((workspace) => (
        <li key={workspace.id}>{workspace.name}</li>
      ))}
    </ul>
  )
}
