/**
 * `npm run bench:panel`: what the devtools panel open on Requests costs a page's requests. One page on the
 * mock's service worker (bench/panel-page.ts) makes rounds of refused writes (POST without a name: 422,
 * each a journal entry and a row of the log), alternately with the panel closed and open on Requests, the
 * order swapped every other pair; the log is filled to its bound first, so that every round with the panel
 * open adds rows to a full table. The figure is the rounds' wall time, as the page sees it; the renderer's
 * CPU time (Chromium's Performance metrics) is shown beside it, steadier when the machine is loaded. Each
 * ratio is the median of the pairs' ratios (open / closed); the goal is 1.5x. Flags: `--requests <n>` per
 * round (default 1000), `--pairs <n>` (default 6).
 */
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { CHROMIUM, CHROMIUM_ARGS } from '../test/support/chromium.ts'
import { serveBundledPage } from '../test/support/bundled-page.ts'
import { formatTable, median } from './stats.ts'

const flag = (name: string, fallback: number) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback)
const REQUESTS = flag('--requests', 1000)
const PAIRS = flag('--pairs', 6)
const GOAL = 1.5

const MEASURES = { wall: 'wall time', thread: "CPU, the page's main thread", process: "CPU, the page's renderer (with its worker)" }

interface Round {
  wall: number
  thread: number
  process: number
}

interface PanelBench {
  round(requests: number): Promise<number>
  open(): Promise<void>
  close(): void
}

const page = await serveBundledPage(fileURLToPath(new URL('./panel-page.ts', import.meta.url)))
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
try {
  const tab = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
  const errors: string[] = []
  tab.on('pageerror', (error) => errors.push(error.message))
  await tab.goto(page.url)
  await tab.waitForSelector('body[data-ready="true"]')
  const cdp = await tab.context().newCDPSession(tab)
  await cdp.send('Performance.enable')
  /** The renderer's CPU seconds so far (its main thread, and the whole process: the worker's part too). */
  const cpu = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics')
    const metric = (name: string) => metrics.find((entry) => entry.name === name)!.value
    return { thread: metric('ThreadTime'), process: metric('ProcessTime') }
  }
  /** One round: its wall time and the renderer's CPU time, in ms. */
  const round = async (open: boolean) => {
    await tab.evaluate((open) => {
      const bench = (globalThis as unknown as { panelBench: PanelBench }).panelBench
      return open ? bench.open() : bench.close()
    }, open)
    const before = await cpu()
    const wall = await tab.evaluate((requests) => (globalThis as unknown as { panelBench: PanelBench }).panelBench.round(requests), REQUESTS)
    const after = await cpu()
    return { wall, thread: (after.thread - before.thread) * 1000, process: (after.process - before.process) * 1000 }
  }
  // Warm-up: the code paths compiled, the log filled to its bound.
  await round(false)
  await round(true)
  await round(true)
  const closed: Round[] = []
  const opened: Round[] = []
  for (let pair = 0; pair < PAIRS; pair++) {
    const order = pair % 2 === 0 ? [false, true] : [true, false]
    for (const open of order) (open ? opened : closed).push(await round(open))
  }
  if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`)
  console.log(`devtools panel on Requests, ${new Date().toISOString().slice(0, 10)}: ${PAIRS} pairs of ${REQUESTS} refused writes through the service worker, Chromium ${browser.version()}, load average ${loadavg()[0]!.toFixed(1)}\n`)
  const rows = (['wall', 'thread', 'process'] as const).map((measure) => {
    const ratios = opened.map((open, index) => open[measure] / closed[index]![measure])
    const perRequest = (rounds: Round[]) => `${((median(rounds.map((r) => r[measure])) / REQUESTS) * 1000).toFixed(0)} µs`
    return { measure, ratio: median(ratios), cells: [MEASURES[measure], perRequest(closed), perRequest(opened), `${median(ratios).toFixed(2)}x`, ratios.map((r) => r.toFixed(2)).join(' ')] }
  })
  console.log(formatTable(['per request', 'panel closed', 'open on Requests', 'open / closed', "pairs' ratios"], rows.map((row) => row.cells)))
  const wall = rows[0]!.ratio
  console.log(`\nthe page's requests with the panel open: ${wall.toFixed(2)}x the time with it closed (median of the pairs' ratios); goal ${GOAL}x: ${wall <= GOAL ? 'met' : 'NOT met'}`)
} finally {
  await browser.close()
  page.close()
}
