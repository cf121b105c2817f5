#!/usr/bin/env node
/**
 * `workspace-api-mock [serve | mcp | record | verify | contract | coverage merge | drift] [flags]`: the
 * commands, each loaded only when asked for, so that `--help` and a flag mistake answer at once and the
 * server's start carries neither `record` (src/record/), `verify` (src/verify/), `contract` (src/contract/),
 * coverage's reports nor the generator `drift` writes with (src/codegen/). Exit codes: 0 done, 1 a failure
 * (the server cannot start, verify found a difference, coverage below its gate), 2 a command-line mistake or
 * a file that cannot be used (or a Node older than 22.12).
 */
import { nodeVersionProblem } from '../node-version.js'
import { COMMAND, describe } from './command.ts'

async function main(argv: readonly string[]): Promise<number> {
  const tooOld = nodeVersionProblem()
  if (tooOld) {
    process.stderr.write(`${tooOld}\n`)
    return 2
  }
  if (argv[0] === 'record') {
    const { record } = await import('./record.ts')
    return record(argv.slice(1))
  }
  if (argv[0] === 'verify') {
    const { verifyCommand } = await import('./verify.ts')
    return verifyCommand(argv.slice(1))
  }
  if (argv[0] === 'drift') {
    const { driftCommand } = await import('./drift.ts')
    return driftCommand(argv.slice(1))
  }
  if (argv[0] === 'contract') {
    const { contractCommand } = await import('./contract.ts')
    return contractCommand(argv.slice(1))
  }
  if (argv[0] === 'coverage') {
    const { coverageCommand } = await import('./coverage.ts')
    return coverageCommand(argv.slice(1))
  }
  const { serveCommand } = await import('./serve.ts')
  return serveCommand(argv)
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(`${COMMAND}: ${describe(error)}\n`)
    process.exitCode = 1
  },
)
