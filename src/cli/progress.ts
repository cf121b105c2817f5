import type { Scenario } from '../scenarios/kit.ts'

/** Scenarios at least this large report progress on a terminal. */
export const PROGRESS_THRESHOLD = 5000
/** Shortest time between two redraws of the progress line. */
const REDRAW_MS = 100

export interface ProgressStream {
  isTTY?: boolean
  write(text: string): unknown
}

/** The number of applications `scale:<w>x<a>` builds; undefined for other scenarios. */
export function scaleSize(scenario: string): number | undefined {
  const match = /^scale:(\d+)x(\d+)$/.exec(scenario)
  return match ? Number(match[1]) * Number(match[2]) : undefined
}

/**
 * Wraps a scenario so that building it redraws one progress line on a terminal: applications built so
 * far, then the load into the collections. Off the terminal, or for small scenarios, it writes nothing.
 * The wrapped scenario builds exactly the same records (it only counts the kit's `application` calls).
 */
export function withProgress(
  scenario: Scenario,
  options: { label: string; total: number | undefined; stream: ProgressStream },
): { scenario: Scenario; finish(): void } {
  const { label, total, stream } = options
  if (stream.isTTY !== true || total === undefined || total < PROGRESS_THRESHOLD) return { scenario, finish() {} }
  const format = new Intl.NumberFormat('en-US')
  let lastDraw = 0
  const draw = (text: string) => stream.write(`\r\x1b[2K${text}`)
  return {
    scenario(kit) {
      let built = 0
      const application = kit.application.bind(kit)
      kit.application = (...args) => {
        built++
        const now = Date.now()
        if (now - lastDraw >= REDRAW_MS) {
          lastDraw = now
          const percent = Math.floor((built / total) * 100)
          draw(`Seeding ${label}: ${format.format(built)} of ${format.format(total)} applications (${percent}%)`)
        }
        return application(...args)
      }
      scenario(kit)
      draw(`Seeding ${label}: ${format.format(built)} of ${format.format(total)} applications (100%), loading them into @msw/data...`)
    },
    finish() {
      draw('')
    },
  }
}
