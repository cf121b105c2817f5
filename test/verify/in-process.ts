/**
 * `workspace-api-mock verify <args>` in this process: the function the command runs, its stdout and stderr
 * captured. The suites start the command as a process where the process is what they prove (exit codes,
 * one-line errors) and run it here otherwise: a Node process each costs a second of npm test's two cores.
 */
import { vi } from 'vitest'
import { verifyCommand } from '../../src/cli/verify.ts'

export async function verifyInProcess(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  const text = (spy: typeof stderr) => spy.mock.calls.map((call) => String(call[0])).join('')
  try {
    const code = await verifyCommand(args[0] === 'verify' ? args.slice(1) : args)
    return { code, stdout: text(stdout), stderr: text(stderr) }
  } finally {
    stderr.mockRestore()
    stdout.mockRestore()
  }
}
