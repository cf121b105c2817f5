#!/usr/bin/env sh
# The consumer contract in CI, from a consumer's suite to the provider's deploy (docs/contract.md). The
# consumer's pipeline writes and publishes the pact; the provider's verifies it; both ask can-i-deploy.
# pact-broker is the Pact Broker client (the pact-cli Docker image or the standalone CLI); it reads
# PACT_BROKER_BASE_URL and PACT_BROKER_TOKEN from the environment.
set -eu

# Consumer: the suite's coverage reporter writes the pact of what it did (its `pact` option): api-coverage/pact.json.
npx vitest run
pact-broker publish api-coverage/pact.json --consumer-app-version "$GIT_COMMIT" --branch "$GIT_BRANCH"
pact-broker can-i-deploy --pacticipant web-app --version "$GIT_COMMIT" --to-environment production

# Provider: Pact's verifier replays the pacts of the consumers' main branches and deployed versions
# against a build of the service, with its provider states (docs/contract.md), and publishes the results.
npx vitest run test/pact
pact-broker can-i-deploy --pacticipant workspace-api --version "$GIT_COMMIT" --to-environment production
pact-broker record-deployment --pacticipant workspace-api --version "$GIT_COMMIT" --environment production
