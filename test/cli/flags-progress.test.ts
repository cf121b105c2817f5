/**
 * The progress line of large scenarios (src/cli/progress.ts): when it shows, how often it redraws, and
 * the percentage it prints. The clock is stubbed so that the redraws are deterministic.
 */
import { afterEach, describe, expect, test, vi } from 'vitest'
import { PROGRESS_THRESHOLD, scaleSize, withProgress } from '../../src/cli/progress.ts'
import type { Scenario } from '../../src/scenarios/kit.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

/** Builds `total` applications through the wrapped scenario with a kit that only counts them. */
function build(total: number, step: number) {
  const writes: string[] = []
  const stream = { isTTY: true, write: (text: string) => writes.push(text) }
  let now = 1_000_000
  vi.spyOn(Date, 'now').mockImplementation(() => (now += step) - step)
  const scenario: Scenario = (kit) => {
    for (let i = 0; i < total; i++) kit.application(undefined as never)
  }
  let made = 0
  const kit = { application: () => made++ }
  const wrapped = withProgress(scenario, { label: 'big', total, stream })
  wrapped.scenario(kit as unknown as Parameters<Scenario>[0])
  expect(made).toBe(total)
  return writes
}

describe('scaleSize', () => {
  test('only a whole scale:<w>x<a> counts', () => {
    expect(scaleSize('scale:2x3')).toBe(6)
    for (const name of ['xscale:2x3', 'scale:2x3x', 'scale:2x3.ts', './scale:2x3', 'scale:2x']) expect(scaleSize(name)).toBeUndefined()
  })
})

describe('withProgress', () => {
  test('shows from PROGRESS_THRESHOLD applications on', () => {
    const writes = build(PROGRESS_THRESHOLD, 0)
    expect(writes).toEqual([
      `\r\x1b[2KSeeding big: 1 of 5,000 applications (0%)`,
      `\r\x1b[2KSeeding big: 5,000 of 5,000 applications (100%), loading them into @msw/data...`,
    ])
  })

  test('redraws at most every 100 ms, and at exactly 100 ms', () => {
    // The clock stands still: the first application draws, then only the closing line.
    expect(build(PROGRESS_THRESHOLD, 0)).toHaveLength(2)
    // 99 ms between applications: every second one draws.
    expect(build(PROGRESS_THRESHOLD, 99)).toHaveLength(PROGRESS_THRESHOLD / 2 + 1)
    // 100 ms between applications: each one draws.
    const writes = build(PROGRESS_THRESHOLD * 2, 100)
    expect(writes).toHaveLength(PROGRESS_THRESHOLD * 2 + 1)
    expect(writes[4_999]).toBe('\r\x1b[2KSeeding big: 5,000 of 10,000 applications (50%)')
    expect(writes[9_998]).toBe('\r\x1b[2KSeeding big: 9,999 of 10,000 applications (99%)')
    expect(writes[9_999]).toBe('\r\x1b[2KSeeding big: 10,000 of 10,000 applications (100%)')
  })
})
