/**
 * The "UI under test" of the Playwright part: one page that lists the workspaces, calling the API on its
 * own origin, and says when the API asks it to slow down (429) or is away (503).
 */
import type { Credentials } from 'workspace-api-mock'

export function appPage(credentials: Credentials): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Workspaces</title></head>
<body>
  <p role="status"></p>
  <ul id="workspaces"></ul>
  <script type="module">
    const headers = ${JSON.stringify({ 'X-API-Key': credentials.apiKey, 'X-API-Secret': credentials.apiSecret })}
    const status = document.querySelector('[role=status]')
    const response = await fetch('/api/workspaces', { headers })
    if (response.status === 429) status.textContent = 'Too many requests: try again in ' + response.headers.get('Retry-After') + ' s'
    else if (!response.ok) status.textContent = 'The API is away: ' + (await response.json()).detail
    else document.querySelector('#workspaces').replaceChildren(
      ...(await response.json()).data.map((workspace) => Object.assign(document.createElement('li'), { textContent: workspace.name })),
    )
  </script>
</body>
</html>`
}
