import { useState } from 'react'
import type { Application, Workspace } from 'workspace-api-mock/storybook'
import { useApi, useLoad } from './api.tsx'

interface Page {
  data: Application[]
  current_page: number
  page_size: number
  total: number
}

/** The applications of the first workspace, a page at a time. */
export function ApplicationTable({ pageSize = 10 }: { pageSize?: number }) {
  const call = useApi()
  const [page, setPage] = useState(1)
  const loaded = useLoad(async (signal) => {
    const { data: workspaces } = await call<{ data: Workspace[] }>('/api/workspaces', { signal })
    const headers = { 'X-Workspace-ID': workspaces[0]!.id }
    return call<Page>(`/api/applications?current_page=${page}&page_size=${pageSize}`, { headers, signal })
  }, page)
  if (loaded.state === 'loading') return <p role="status">Loading applications…</p>
  if (loaded.state === 'error') return <p role="alert">Could not load the applications: {loaded.message}</p>
  const { data, total } = loaded.value
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <section>
      <table aria-label="Applications">
        <tbody>
          {data.map((application) => (
            <tr key={application.id}>
              <td>{application.name}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav>
        <button type="button" disabled={page === 1} onClick={() => setPage(page - 1)}>
          Previous
        </button>
        <span>
          Page {page} of {pages} ({total} applications)
        </span>
        <button type="button" disabled={page === pages} onClick={() => setPage(page + 1)}>
          Next
        </button>
      </nav>
    </section>
  )
}
