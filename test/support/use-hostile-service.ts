/** The hostile service (hostile-service.ts) for a test file, and the bound its bounded runs are held to. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { hostileService, type HostileService } from './hostile-service.ts'

export type { ModeName } from './hostile-service.ts'

/** Peak resident memory a bounded run of the command stays under (a run that reads nothing is about 70 MiB). */
export const PEAK_MIB = 160

/** For a test file: the service, started before its tests, and a folder for what they write; both removed after. */
export function useHostileService(prefix: string): { folder: string; service: () => HostileService } {
  const folder = mkdtempSync(join(tmpdir(), prefix))
  let service: HostileService | undefined
  beforeAll(async () => {
    service = await hostileService()
  })
  afterAll(async () => {
    await service?.close()
    rmSync(folder, { recursive: true, force: true })
  })
  return { folder, service: () => service! }
}
