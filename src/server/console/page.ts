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
 * The console's page: the frame the script (client/main.ts) fills in. It is the same at `/` and at
 * `/__admin/` and holds no data, so that it can be written once; everything it shows comes from the
 * admin routes (`info`, `sessions`, `events`).
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
    <a id="snapshot-link" href="/__admin/snapshot" download="snapshot.json">Download snapshot</a>
  </nav>
</header>
<div id="context-bar" class="context-bar" hidden></div>
<main>
  <section id="log-panel" class="panel log-panel" aria-labelledby="log-title">
    <div class="panel-head">
      <h2 id="log-title">Requests</h2>
      <div class="actions">
        <span id="log-live" class="live">connecting…</span>
        <button type="button" id="log-pause" aria-pressed="false">Pause</button>
        <button type="button" id="log-clear">Clear</button>
      </div>
    </div>
    <div class="scroll" tabindex="0" role="region" aria-label="Request log, newest first">
      <table id="log">
        <thead><tr><th scope="col">Time</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Status</th><th scope="col" class="num">ms</th><th scope="col">Detail</th></tr></thead>
        <tbody></tbody>
      </table>
      <p id="log-empty" class="empty">No requests yet: send one with a curl line from the principals.</p>
    </div>
  </section>
  <div class="side">
    <section id="principals-panel" class="panel" aria-labelledby="principals-title">
      <h2 id="principals-title">Principals</h2>
      <div id="principals"></div>
    </section>
    <section id="faults-panel" class="panel" aria-labelledby="faults-title">
      <h2 id="faults-title">Faults</h2>
      <div id="faults-active"></div>
      <div id="fault-forms" class="fault-forms"></div>
    </section>
    <section id="state-panel" class="panel" aria-labelledby="state-title">
      <h2 id="state-title">State</h2>
      <div class="row">
        <button type="button" id="reset">Reset to the initial state</button>
        <a id="snapshot-download" class="button" href="/__admin/snapshot" download="snapshot.json">Download snapshot</a>
      </div>
      <form id="upload" class="row">
        <label for="upload-file">Serve a state file (JSON)</label>
        <input type="file" id="upload-file" name="file" accept="application/json,.json" required>
        <button type="submit">Upload</button>
      </form>
      <p id="upload-result" class="note"></p>
    </section>
    <section id="sessions-panel" class="panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      <p class="note">Each session has its own state and credentials: <code>POST /__admin/sessions</code>.</p>
      <form id="session-create" class="row">
        <label for="session-scenario">Scenario</label>
        <select id="session-scenario" name="scenario"></select>
        <label for="session-seed">Seed</label>
        <input id="session-seed" name="seed" type="number" step="1" inputmode="numeric" placeholder="server's">
        <button type="submit">Create session</button>
      </form>
      <div id="sessions"></div>
    </section>
  </div>
</main>
<div id="status" class="toast" role="status" aria-live="polite"></div>
</body>
</html>
`
