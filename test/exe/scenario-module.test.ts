/**
 * src/cli/sources.ts in the single executable (`isSea()` true): a scenario module is refused with one line
 * before any import is tried (the executable cannot import files). In-process, with node:sea's answer
 * replaced; test/exe/executable.test.ts sees the same from the real executable.
 */
import { afterEach, expect, test, vi } from 'vitest'
import { loadScenarioModule, SourceError } from '../../src/cli/sources.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

function asSingleExecutable(isSea: boolean) {
  const builtin = process.getBuiltinModule.bind(process)
  vi.spyOn(process, 'getBuiltinModule').mockImplementation(((id: string) =>
    id === 'node:sea' ? { ...builtin('node:sea'), isSea: () => isSea } : builtin(id)) as typeof process.getBuiltinModule)
}

test('in the executable: a SourceError that says a scenario module needs Node, naming the command that serves it', async () => {
  asSingleExecutable(true)
  const refused = loadScenarioModule('./no-such-scenario.ts')
  await expect(refused).rejects.toThrow(SourceError)
  await expect(refused).rejects.toThrow(
    './no-such-scenario.ts: a scenario module needs Node (npx workspace-api-mock --scenario ./no-such-scenario.ts); ' +
      'this single executable serves the presets (--scenario demo) and --state files',
  )
})

test('under Node: the module is imported as before (a missing one cannot be loaded)', async () => {
  asSingleExecutable(false)
  await expect(loadScenarioModule('./no-such-scenario.ts')).rejects.toThrow('./no-such-scenario.ts could not be loaded:')
})
