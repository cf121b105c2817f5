/**
 * The console UI's style sheet, one for both places: adopted by the console page's document and by the
 * devtools panel's shadow root (a constructed sheet: no `<style>` element, no inline style, so a page's
 * Content-Security-Policy need not allow inline styles). The console page's frame (its header and grid)
 * is styled by console.css beside it.
 */
import { sheetOf } from './sheet.ts'

const CSS = `
:root, :host {
  --ink: #1b1f24; --muted: #57606a; --line: #d0d7de; --panel: #ffffff; --page: #f4f6f8; --accent: #0b5cad;
  --ok: #116329; --ok-bg: #dafbe1; --client: #7d4e00; --client-bg: #fff1c2; --server: #a40e26; --server-bg: #ffe2e5;
  --focus: #0b5cad;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, sans-serif;
  font-size: 15px; line-height: 1.45; color: var(--ink);
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
code, pre { font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'DejaVu Sans Mono', monospace; font-size: 0.86em; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.visually-hidden, .offscreen {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
button, .button {
  font: inherit; font-size: 0.9rem; color: var(--ink); background: #f6f8fa;
  border: 1px solid #afb8c1; border-radius: 6px; padding: 0.25rem 0.7rem; cursor: pointer;
  text-decoration: none; display: inline-block; white-space: nowrap;
}
button:hover, .button:hover { background: #eaeef2; }
button:disabled, button[aria-disabled='true'] { color: var(--muted); cursor: default; }
button[aria-pressed='true'] { background: #ddf4ff; border-color: var(--accent); }
button.link { background: none; border: 0; padding: 0; color: var(--accent); text-decoration: underline; white-space: normal; text-align: left; }
button.danger { color: var(--server); border-color: var(--server); }
input, select { font: inherit; font-size: 0.9rem; padding: 0.2rem 0.35rem; border: 1px solid #8c959f; border-radius: 5px; max-width: 100%; color: var(--ink); background: #fff; }
input[aria-invalid='true'] { border-color: var(--server); outline-color: var(--server); }

.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 0.8rem 1rem; }
.panel h2 { font-size: 1.02rem; margin: 0 0 0.6rem; }
.panel h3 { font-size: 0.95rem; margin: 0.8rem 0 0.4rem; }
.panel h4 { font-size: 0.85rem; margin: 0.7rem 0 0.2rem; color: var(--muted); }
.panel-head { display: flex; justify-content: space-between; align-items: center; gap: 1rem; }
.panel-head h2 { margin: 0; }
.actions { display: flex; align-items: center; gap: 0.5rem; }
.row { display: flex; flex-wrap: wrap; align-items: end; gap: 0.5rem; margin-bottom: 0.6rem; }
.field { display: flex; flex-direction: column; gap: 0.1rem; min-width: 0; }
.field label { font-size: 0.82rem; color: var(--muted); }
.note { color: var(--muted); font-size: 0.88rem; margin: 0.3rem 0; }
.empty { color: var(--muted); padding: 1rem 0.4rem; margin: 0; }
.problem, .refused { color: var(--server); font-size: 0.85rem; margin: 0.1rem 0 0; }

.live { font-size: 0.82rem; color: var(--muted); }
.live[data-state='live']::before { content: '● '; color: var(--ok); }
.filters { display: flex; flex-wrap: wrap; gap: 0.4rem; margin-top: 0.6rem; }
.filters input { flex: 1; min-width: 8rem; }

.log-panel { display: flex; flex-direction: column; min-height: 18rem; }
.log-panel .scroll { overflow: auto; margin-top: 0.6rem; border-top: 1px solid var(--line); flex: 1; min-height: 8rem; }
/*
 * The log is a table whose rows are grids, each laid out on its own: a row put on top lays out that row
 * alone. Its rows come in groups (a \`<tbody>\` of 50, see log.ts): a group out of view is skipped when the
 * log is rendered (content-visibility), however many rows the table holds. The roles keep the table's
 * semantics, which a table displayed otherwise would lose. Narrow (the panel, the console
 * at a laptop's width), the operation goes under the path and the detail under both.
 */
.log-panel .scroll { container-type: inline-size; }
#log { display: block; width: 100%; font-size: 0.88rem; }
#log thead { display: block; position: sticky; top: 0; z-index: 1; background: #f6f8fa; border-bottom: 1px solid var(--line); }
#log tbody { display: block; content-visibility: auto; contain-intrinsic-size: auto 100em; }
#log tr {
  display: grid; column-gap: 0.6rem; padding: 0.22rem 0.4rem;
  grid-template-columns: 6.4em 3.9em minmax(0, 1fr) 3.7em 3.4em;
  grid-template-areas: 'time method path status ms' '. . operation . .' '. . detail detail detail';
}
#log tbody tr { border-bottom: 1px solid #eaeef2; }
#log th { text-align: left; font-weight: 600; padding: 0.1rem 0; }
#log td { padding: 0; min-width: 0; }
#log .time { grid-area: time; font-variant-numeric: tabular-nums; white-space: nowrap; }
#log .method { grid-area: method; font-weight: 600; }
#log .path { grid-area: path; }
#log .status { grid-area: status; }
#log .num { grid-area: ms; text-align: right; font-variant-numeric: tabular-nums; }
#log .detail { grid-area: detail; overflow-wrap: anywhere; }
#log td.detail { color: var(--server); }
#log .operation { grid-area: operation; overflow-wrap: anywhere; }
#log td.time, #log td.operation { color: var(--muted); }
#log td.detail:empty, #log th.detail { display: none; }
#log td.operation { font-size: 0.92em; }
#log .path code { overflow-wrap: anywhere; }
#log .path button { background: none; border: 0; padding: 0; text-align: left; white-space: normal; color: var(--accent); max-width: 100%; }
@container (min-width: 900px) {
  #log tr { grid-template-columns: 6.4em 3.9em minmax(14rem, 2.6fr) 3.7em 3.4em minmax(10rem, 2.4fr) minmax(8rem, 1fr); grid-template-areas: 'time method path status ms detail operation'; }
  #log th.detail { display: block; }
  #log td.operation { font-size: inherit; }
}
.badge { display: inline-block; min-width: 3.2em; text-align: center; border-radius: 999px; padding: 0 0.45em; font-weight: 600; font-variant-numeric: tabular-nums; }
.status-ok .badge { color: var(--ok); background: var(--ok-bg); }
.status-client .badge { color: var(--client); background: var(--client-bg); }
.status-server .badge, .status-dropped .badge { color: var(--server); background: var(--server-bg); }
.log-detail { border-top: 2px solid var(--line); margin-top: 0.6rem; padding-top: 0.3rem; overflow: auto; max-height: 45vh; }
.log-detail h3 { margin-top: 0.2rem; }
dl.why, dl.headers, dl.profile { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.15rem 0.7rem; margin: 0; font-size: 0.88rem; }
dl.why dt, dl.headers dt, dl.profile dt { color: var(--muted); }
dl.why dd, dl.headers dd, dl.profile dd { margin: 0; overflow-wrap: anywhere; }
dl.profile .meaning { color: var(--muted); }
/* One profile knob a line. */
dl.why dd { white-space: pre-line; }
pre.body { background: #f6f8fa; border-radius: 6px; padding: 0.4rem 0.6rem; margin: 0; max-height: 16rem; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; }

.principal { border-top: 1px solid #eaeef2; padding: 0.5rem 0; }
.principal:first-of-type { border-top: 0; padding-top: 0; }
.principal .who { margin: 0 0 0.3rem; }
.principal .org { color: var(--muted); font-size: 0.86rem; }
.credentials { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.2rem 0.6rem; margin: 0 0 0.35rem; align-items: center; }
.credentials dt { font-size: 0.82rem; color: var(--muted); }
.credentials dd { margin: 0; display: flex; gap: 0.4rem; align-items: center; min-width: 0; }
.credentials code, .curl code { overflow-wrap: anywhere; }
.curl { display: flex; gap: 0.4rem; align-items: flex-start; background: #f6f8fa; border-radius: 6px; padding: 0.35rem 0.5rem; }
.curl code { flex: 1; }
button.copy { padding: 0.05rem 0.5rem; font-size: 0.8rem; }

.faults { list-style: none; padding: 0; margin: 0 0 0.5rem; }
.fault { display: flex; justify-content: space-between; align-items: center; gap: 0.5rem; padding: 0.3rem 0.5rem; margin-bottom: 0.3rem; background: var(--client-bg); border-radius: 6px; }
.fault em { color: var(--muted); font-style: normal; font-size: 0.85rem; }
.fault-forms { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 0.6rem; margin-top: 0.7rem; }
.fault-form fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 0; padding: 0.4rem 0.6rem 0.6rem; height: 100%; display: flex; flex-direction: column; gap: 0.35rem; }
.fault-form legend { font-weight: 600; font-size: 0.9rem; padding: 0 0.2rem; }
.fault-form select { width: 100%; }
.fault-form button { align-self: flex-start; margin-top: auto; }

.record-list { width: 100%; border-collapse: collapse; font-size: 0.88rem; margin-bottom: 0.5rem; }
.record-list caption { text-align: left; color: var(--muted); padding-bottom: 0.3rem; }
.record-list td { padding: 0.2rem 0.3rem; border-bottom: 1px solid #eaeef2; }
.record-form { display: grid; gap: 0.35rem; }
.record-form input { width: 100%; font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'DejaVu Sans Mono', monospace; font-size: 0.82rem; }
.record-form input[readonly] { background: #f6f8fa; }
.record-form .field.check { flex-direction: row; flex-wrap: wrap; align-items: center; gap: 0.5rem; }
.record-form .field.check input { width: auto; }
.record-form .field.check .problem { flex-basis: 100%; }
.record-form .time { margin: 0.1rem 0 0; font-size: 0.82rem; }
.record-form .row { margin: 0.3rem 0 0; align-items: center; }
.profile-box summary, .kit-routes summary { cursor: pointer; color: var(--muted); font-size: 0.88rem; }
ul.operations { list-style: none; padding: 0; margin: 0 0 0.4rem; font-size: 0.88rem; display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0.1rem 0.8rem; }
ul.operations li { display: grid; grid-template-columns: subgrid; grid-column: 1 / -1; }
ul.operations code { overflow-wrap: anywhere; }
.kit-routes { margin-bottom: 0.6rem; }
.kit-routes ul.operations { margin-top: 0.3rem; }

.sessions { width: 100%; border-collapse: collapse; font-size: 0.88rem; }
.sessions th { text-align: left; font-weight: 600; border-bottom: 1px solid var(--line); padding: 0.2rem 0.3rem; }
.sessions td { padding: 0.25rem 0.3rem; border-bottom: 1px solid #eaeef2; }
.sessions tr[aria-current='true'] td { background: #ddf4ff; }
.sessions .buttons { display: flex; gap: 0.3rem; justify-content: flex-end; }
#session-seed { width: 7rem; }

.drift { margin: 0; padding-left: 1.4rem; font-size: 0.86rem; }
.drift li { margin-bottom: 0.3rem; }
.drift code { overflow-wrap: anywhere; }
`

/** The sheet, made once per page (a constructed sheet can be adopted by the document and its shadow roots). */
export const styleSheet = sheetOf(CSS)
