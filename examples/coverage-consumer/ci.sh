#!/bin/sh
# The coverage of a suite split across CI jobs. Each job runs one shard and keeps its blob report and its
# coverage document (the gate waits for the merge):
VITEST_BLOB=1 API_COVERAGE_DIR=shard-1 npx vitest run --shard=1/2
VITEST_BLOB=1 API_COVERAGE_DIR=shard-2 npx vitest run --shard=2/2
# The last job has every job's files. Vitest's own merge reports the coverage of the whole run (api-coverage/),
# writes its pact and holds the gate of vitest.config.ts:
npx vitest --merge-reports
# Or the kit's command, from the coverage documents alone (of Vitest, Playwright, a demo server):
npx workspace-api-mock coverage merge shard-1/coverage.json shard-2/coverage.json --json merged/coverage.json --junit merged/junit.xml --html merged --require createWorkspace=422:body.name \
  --pact merged/pact.json --consumer web-app --provider workspace-api
