import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    maxWorkers: 2,
    reporters: [
      // Sharded in CI: each job writes a blob report, `vitest --merge-reports` brings them together.
      process.env.VITEST_BLOB ? 'blob' : 'default',
      // The API coverage of the suite: api-coverage/ (coverage.json, junit.xml, index.html), and the gate; and
      // pact.json, the consumer contract of what the suite did (docs/contract.md).
      ['workspace-api-mock/vitest', { outputDir: process.env.API_COVERAGE_DIR ?? 'api-coverage', gate: { outcomes: 10, required: { createWorkspace: ['422:body.name'], getWorkspace: ['404:workspaces:other-organization'] } }, pact: { consumer: 'web-app' } }],
    ],
  },
})
