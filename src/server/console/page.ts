import { adminPath } from '../../wire/admin-routes.ts'

/**
 * Headers of the pages that show secrets or drive the admin (the console, the API reference): no referrer
 * (their address may carry the token), and no framing by another site (a frame could lure clicks).
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
}

/**
 * The console's page: the frame the script (src/console-page/main.ts) fills in with the console UI's sections. It
 * is the same at `/` and at `/__admin/` and holds no data, so that it can be written once; everything it
 * shows comes from the admin routes (`info`, `records`, `sessions`, `events`).
 */
export const CONSOLE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>workspace-api-mock console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/__admin/console/console.css">
<script type="module" src="/__admin/console/console.js"></script>
</head>
<body>
<header class="top">
  <div class="brand">
    <h1>workspace-api-mock</h1>
    <p id="summary" class="summary">Loading…</p>
  </div>
  <nav aria-label="Links">
    <a id="docs-link" href="/api/docs">API reference</a>
    <a id="snapshot-link" href="${adminPath('GET snapshot', {})}" download="snapshot.json">Download snapshot</a>
  </nav>
</header>
<div id="context-bar" class="context-bar" hidden></div>
<main id="console"></main>
<div id="status" class="toast" role="status" aria-live="polite"></div>
</body>
</html>
`
