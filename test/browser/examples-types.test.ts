import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

test('the browser demo (both setups) type-checks against the browser entry', async () => {
  const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url))
  const result = await promisify(execFile)(process.execPath, [tsc, '--singleThreaded', '-p', 'examples/browser-demo/tsconfig.json'], { cwd: ROOT }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  )
  expect(result.stdout).toBe('')
  expect(result.code).toBe(0)
})
