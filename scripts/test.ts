/**
 * `npm test`: the type check and the Vitest suites, then ONE plain closing line, `N passed, N failed`
 * (`, N skipped` when some are), summing every runner; CI reads it. The exit code is non-zero when
 * anything failed.
 *
 * - Each runner reports through a machine-readable channel (Vitest's count reporter writes JSON,
 *   `WAM_VITEST_COUNTS`). A runner that crashes (no report) or exits non-zero with no failed test counts
 *   as one failure, and so does a failed type check, so that nothing can pass by not running.
 * - The packed package (`npm run test:package`), the Storybook suite (`npm run test:storybook`), the
 *   server-rendered example (`npm run test:ssr`), the fuzz suite's whole depth (`npm run test:fuzz`; the
 *   loop sends a seeded sample of it), the suites that drive Chromium (`npm run test:browser`: Vitest's
 *   browser project and the Playwright suite), the hostile processes (`npm run test:hostile`) and Pact's
 *   verifier (`npm run test:contract`) cost more time or CPU than this loop can spare: they are
 *   steps of their own that `.ci/run` runs first, and their counts join the closing line when their
 *   reports are of this commit (scripts/step-report.ts; in CI a missing one is a failure).
 * - The type check runs beside Vitest, its output held and printed at the end. Where the time goes:
 *   docs/benchmark.md, "npm test".
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { countLine, type Counts } from '../test/support/count-reporter.ts'
import { STEPS, stepCounts } from './step-report.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const bin = (path: string) => join(ROOT, 'node_modules', path)

interface Run {
  code: number | null
  output: string
}

/** Runs `node <script> ...args` in the repository; streams its output, or holds it when `quiet`. */
function run(script: string, args: readonly string[], env: NodeJS.ProcessEnv, quiet = false): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...COMPILE_CACHE, ...env },
      stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
    })
    let output = ''
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, output }))
  })
}

/** The counts a runner reported, or one failure when it reported nothing or exited badly without a failed test. */
function settle(name: string, run: Run, read: () => Counts): Counts {
  let counts: Counts
  try {
    counts = read()
  } catch (error) {
    console.error(`\n${name}: no report (${(error as Error).message}); exit code ${run.code}: counted as one failure`)
    return { passed: 0, failed: 1, skipped: 0 }
  }
  if (run.code !== 0 && counts.failed === 0) {
    console.error(`\n${name}: exit code ${run.code} with no failed test: counted as one failure`)
    counts.failed = 1
  }
  return counts
}

/**
 * Node's compile cache for every process the runners start (the CLI's children, the packed consumer's
 * runners, the workers): the kit's modules compile once, not in each of some fifty processes (a CLI start
 * went from 0.30 s to 0.17 s of CPU). node_modules holds it, so a clean clone starts without one.
 */
const COMPILE_CACHE = { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(ROOT, 'node_modules/.cache/node-compile') }

/** The share of the fuzz suite's depth the loop sends (seeded: the same requests every run of a commit). */
const FUZZ_SAMPLE = '0.05'

const reports = mkdtempSync(join(tmpdir(), 'wam-test-'))
const started = Date.now()
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`
try {
  // The type check runs beside the suites (its output held: it prints only errors).
  // TypeScript 7 checks with several threads by default: on 2 busy cores one thread does the same job in the
  // same time with 40% less CPU (3.1 s against 1.8 s), and so do the other tsc runs of the suites.
  const typechecked = run(bin('typescript/bin/tsc'), ['--noEmit', '--singleThreaded', '-p', 'tsconfig.json'], {}, true)

  const vitestFile = join(reports, 'vitest.json')
  // The fuzz suite sends a seeded sample of its depth here; `npm run test:fuzz` (a step) sends all of it.
  const fuzzSample = process.env.WAM_FUZZ_SAMPLE ?? FUZZ_SAMPLE
  const vitest = await run(bin('vitest/vitest.mjs'), ['run', '--project', 'isolated', '--project', 'shared'], {
    WAM_VITEST_COUNTS: vitestFile,
    WAM_FUZZ_SAMPLE: fuzzSample,
  })
  const vitestSeconds = seconds(started)

  const typecheck = await typechecked
  if (typecheck.output) process.stdout.write(`\nType check:\n${typecheck.output}`)
  const typeFailures = typecheck.code === 0 ? 0 : 1
  if (typeFailures) console.error(`\ntypecheck failed (exit code ${typecheck.code}): counted as one failure`)

  const counts = [settle('vitest', vitest, () => JSON.parse(readFileSync(vitestFile, 'utf8')) as Counts)]
  const steps = STEPS.map((step) => stepCounts(step))
  counts.push(...steps.map((step) => step.counts))
  const total: Counts = {
    passed: counts.reduce((sum, c) => sum + c.passed, 0),
    failed: counts.reduce((sum, c) => sum + c.failed, 0) + typeFailures,
    skipped: counts.reduce((sum, c) => sum + c.skipped, 0),
  }
  console.log(
    `\nvitest: ${countLine(counts[0]!)} (done at ${vitestSeconds}); ` +
      `typecheck: ${typeFailures ? 'failed' : 'passed'}; ${steps.map((step) => step.note).join('; ')}; ${seconds(started)} in all`,
  )
  console.log(`\n${countLine(total)}`)
  process.exitCode = total.failed === 0 ? 0 : 1
} finally {
  rmSync(reports, { recursive: true, force: true })
}
