import type { Reporter, TestModule } from 'vitest/node'
import type { ContractTally } from './openapi-contract.ts'

/**
 * Prints how many responses the suites held to the OpenAPI document (test/support/openapi-contract.ts):
 * each test file's tally travels in its module's meta. A response that breaks the document fails its test,
 * so the line reports what was checked; the failures are the tests'.
 */
export default class ContractReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const sum: ContractTally = { operations: 0, fallback: 0, kitRoutes: 0 }
    let files = 0
    for (const module of modules) {
      const tally = module.meta().openApiContract
      if (!tally) continue
      files++
      sum.operations += tally.operations
      sum.fallback += tally.fallback
      sum.kitRoutes += tally.kitRoutes
    }
    if (files === 0) return
    const total = sum.operations + sum.fallback + sum.kitRoutes
    process.stdout.write(
      `\nOpenAPI contract: ${total} responses from ${files} test files held to fixtures/openapi.json ` +
        `(${sum.operations} of its operations, ${sum.fallback} of no operation, ${sum.kitRoutes} of the kit's own routes)\n`,
    )
  }
}
