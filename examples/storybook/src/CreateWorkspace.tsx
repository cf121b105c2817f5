import { useState, type FormEvent } from 'react'
import type { Workspace } from 'workspace-api-mock/storybook'
import { useApi } from './api.tsx'
import { WorkspaceList } from './WorkspaceList.tsx'

/** A form that creates a workspace, above the list it then shows again. */
export function CreateWorkspace() {
  const call = useApi()
  const [status, setStatus] = useState('')
  const [refresh, setRefresh] = useState(0)
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const name = new FormData(form).get('name')
    try {
      const { data } = await call<{ data: Workspace }>('/api/workspaces', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name }),
      })
      setStatus(`Created ${data.name}`)
      form.reset()
      setRefresh((n) => n + 1)
    } catch (error) {
      setStatus(`Could not create the workspace: ${(error as Error).message}`)
    }
  }
  return (
    <section>
      <form onSubmit={submit}>
        <label>
          Name <input name="name" required />
        </label>
        <button type="submit">Create</button>
      </form>
      <p role="status">{status}</p>
      <WorkspaceList refresh={refresh} />
    </section>
  )
}
