#!/usr/bin/env sh
# The pact without the coverage reporter (docs/contract.md): the suite keeps one journal file per test file,
# the command writes the pact of all of them. (Coverage documents of other jobs are read the same way.)
set -eu

npx vitest run
npx workspace-api-mock contract reports/journals/*.json --out api-coverage/pact.json --consumer web-app --provider workspace-api
