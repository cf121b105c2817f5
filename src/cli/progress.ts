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
  const line = progressLine(stream)
  if (!line || total === undefined || total < PROGRESS_THRESHOLD) return { scenario, finish() {} }
  const format = new Intl.NumberFormat('en-US')
  return {
    scenario(kit) {
      let built = 0
      const application = kit.application.bind(kit)
      kit.application = (...args) => {
        built++
        line.update(() => {
          const percent = Math.floor((built / total) * 100)
          return `Seeding ${label}: ${format.format(built)} of ${format.format(total)} applications (${percent}%)`
        })
        return application(...args)
      }
      scenario(kit)
      line.draw(`Seeding ${label}: ${format.format(built)} of ${format.format(total)} applications (100%), loading them into @msw/data...`)
    },
    finish() {
      line.draw('')
    },
  }
}

/** One line of a terminal, redrawn in place. */
export interface ProgressLine {
  /** Redraws with `text()` unless the last redraw was less than REDRAW_MS ago (the text is built only then). */
  update(text: () => string): void
  /** Redraws now; `''` clears the line. */
  draw(text: string): void
}

/** A progress line on `stream` when it is a terminal; undefined otherwise (logs and pipes get no redraws). */
export function progressLine(stream: ProgressStream): ProgressLine | undefined {
  if (stream.isTTY !== true) return undefined
  let lastDraw = 0
  const draw = (text: string) => stream.write(`\r\x1b[2K${text}`)
  return {
    update(text) {
      const now = Date.now()
      if (now - lastDraw < REDRAW_MS) return
      lastDraw = now
      draw(text())
    },
    draw,
  }
}

/** How often a progress log writes a line where there is no terminal (a CI log, a pipe). */
export const LOG_EVERY_MS = 5000

/**
 * Progress where the stream is no terminal: a line of its own every `everyMs` at most (the first after
 * `everyMs`), so that a long run in a log shows it is alive without a line per step. `draw('')` writes nothing.
 */
export function progressLog(stream: ProgressStream, prefix: string, everyMs = LOG_EVERY_MS): ProgressLine {
  let lastLine = Date.now()
  return {
    update(text) {
      const now = Date.now()
      if (now - lastLine < everyMs) return
      lastLine = now
      stream.write(`${prefix}${text()}\n`)
    },
    draw(text) {
      if (text !== '') stream.write(`${prefix}${text}\n`)
    },
  }
}
