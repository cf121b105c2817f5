/**
 * Settings of the hostile suite: the origin the mock answers on, the fuzz seed and the request budget.
 * Everything that varies between runs comes from here, so a failure is reproduced with `FUZZ_SEED=<n>`.
 */

/** Plain http: the origin is arbitrary, and MSW's interceptor would otherwise set up TLS for every request. */
export const ORIGIN = 'http://api.example.test'

/** The seed used when FUZZ_SEED is not set: the suite is reproducible by default. */
export const DEFAULT_FUZZ_SEED = 20_250_701

/** The contract's limits, restated from the spec and the foundation decisions (not imported from src). */
export const CONTRACT = {
  maxBodyBytes: 1024 * 1024,
  maxIdLength: 36,
  currentPage: { name: 'current_page', min: 1, max: 1000, default: 1 },
  pageSize: { name: 'page_size', min: 10, max: 100, default: 10 },
} as const

/** The fast-check seed: FUZZ_SEED (any integer, folded to 32 bits) or the fixed default. */
export function fuzzSeed(): number {
  const raw = process.env.FUZZ_SEED
  if (raw === undefined || raw.trim() === '') return DEFAULT_FUZZ_SEED
  const value = Number(raw)
  if (!Number.isSafeInteger(value)) throw new TypeError(`FUZZ_SEED must be an integer, got "${raw}"`)
  return value | 0
}

/**
 * Runs per fuzz property. FUZZ_SCALE multiplies them (e.g. 10 for a long soak); the default budget sends
 * a little over 10,000 generated requests per `npm test`.
 */
export function runs(base: number): number {
  return Math.max(1, Math.round(base * fuzzScale()))
}

/** FUZZ_SCALE, default 1. */
export function fuzzScale(): number {
  const raw = process.env.FUZZ_SCALE
  const scale = raw === undefined || raw.trim() === '' ? 1 : Number(raw)
  if (!(scale > 0)) throw new TypeError(`FUZZ_SCALE must be a positive number, got "${raw}"`)
  return scale
}

/**
 * The share of the fuzz suite's whole depth a run sends: `npm test` sets WAM_FUZZ_SAMPLE (a twentieth, the same
 * seed) so that the loop stays quick; `npm run test:fuzz`, a step of its own that `.ci/run` runs, sends it
 * all. Only test/hostile/fuzz.test.ts reads it.
 */
export function fuzzDepth(): number {
  const raw = process.env.WAM_FUZZ_SAMPLE
  if (raw === undefined || raw.trim() === '') return fuzzScale()
  const share = Number(raw)
  if (!(share > 0 && share <= 1)) throw new TypeError(`WAM_FUZZ_SAMPLE must be a share from 0 to 1, got "${raw}"`)
  return share * fuzzScale()
}

/** Fixed start of the write clock, so that a run's timestamps do not depend on the wall clock. */
export const CLOCK_START = Date.UTC(2025, 6, 1)
