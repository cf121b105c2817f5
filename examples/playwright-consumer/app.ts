/**
 * The "UI under test" of this example: one page that lists the workspaces and creates one, calling the API
 * on its own origin. A real project serves its own app (Playwright's `webServer`); this example has the
 * test serve the page (`page.route`), so it runs without any server.
 */
import type { Credentials } from 'workspace-api-mock'

export function appPage(credentials: Credentials): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Workspaces</title></head>
<body>
  <form id="create"><input name="name" aria-label="Workspace name" required><button>Create</button></form>
  <p role="status"></p>
  <ul id="workspaces"></ul>
  <script type="module">
    const headers = ${JSON.stringify({ 'X-API-Key': credentials.apiKey, 'X-API-Secret': credentials.apiSecret })}
    const status = document.querySelector('[role=status]')
    async function call(path, init = {}) {
      const response = await fetch(path, { ...init, headers: { ...headers, ...init.headers } })
      const body = await response.json()
      if (!response.ok) throw new Error(body.detail)
      return body.data
    }
    async function render() {
      try {
        const workspaces = await call('/api/workspaces')
        document.querySelector('#workspaces').replaceChildren(
          ...workspaces.map((workspace) => Object.assign(document.createElement('li'), { textContent: workspace.name })),
        )
      } catch (error) {
        status.textContent = 'Could not load the workspaces: ' + error.message
      }
    }
    document.querySelector('#create').addEventListener('submit', async (event) => {
      event.preventDefault()
      const name = new FormData(event.target).get('name')
      try {
        await call('/api/workspaces', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name }) })
        status.textContent = 'Created ' + name
        await render()
      } catch (error) {
        status.textContent = 'Could not create the workspace: ' + error.message
      }
    })
    render()
  </script>
</body>
</html>`
}
