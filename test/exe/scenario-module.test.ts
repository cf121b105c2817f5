/**
 * src/cli/sources.ts in the single executable (`isSea()` true): a scenario or operations module is refused
 * with one line before any import is tried (the executable cannot import files). In-process, with
 * node:sea's answer replaced; test/exe/executable.test.ts sees the same from the real executable.
 */
import { afterEach, expect, test, vi } from 'vitest'
import { loadOperationsModule, loadScenarioModule, SourceError } from '../../src/cli/sources.ts'

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

test('in the executable: an operations module is refused as a scenario module is', async () => {
  asSingleExecutable(true)
  await expect(loadOperationsModule('./my-operations.ts')).rejects.toThrow(
    "./my-operations.ts: an operations module needs Node (npx workspace-api-mock --operations ./my-operations.ts); this single executable serves the spec's operations",
  )
})

test('under Node: the module is imported as before (a missing one cannot be loaded)', async () => {
  asSingleExecutable(false)
  await expect(loadScenarioModule('./no-such-scenario.ts')).rejects.toThrow('./no-such-scenario.ts could not be loaded:')
})
