/**
 * PactFlow's bi-directional path, with its own comparator (@pactflow/openapi-pact-comparator, what PactFlow
 * runs to hold a consumer's pact against a provider's OpenAPI document): the pact of a consumer suite has no
 * incompatibility with the mock's document, and against a doctored copy (a field removed, a status dropped)
 * the comparator names exactly the interactions that rely on them.
 */
import { beforeAll, expect, test } from 'vitest'
import { pactOf, type PactV4 } from '../../src/contract/pact.ts'
import { consumerRun, MOCK } from './consumer-run.ts'
import { compareWithDocument, KIT_DOCUMENT } from './pact-checks.ts'

let pact: PactV4

beforeAll(async () => {
  pact = pactOf({ exchanges: (await consumerRun()).flat(), mocks: [MOCK], openapi: KIT_DOCUMENT })
})

const compare = (oas: Record<string, any>) => compareWithDocument(pact, oas)

test('the pact holds against the OpenAPI document the mock serves: no incompatibility, no warning', async () => {
  expect(pact.interactions.length).toBeGreaterThan(15)
  expect(await compare(KIT_DOCUMENT)).toEqual([])
})

test('against a document without the workspace\'s description and without getWorkspace\'s 404, it names exactly the interactions that rely on them', async () => {
  const doctored = structuredClone(KIT_DOCUMENT)
  const workspace = doctored.components.schemas.Workspace
  delete workspace.properties.description
  workspace.required = workspace.required.filter((name: string) => name !== 'description')
  delete doctored.paths['/api/workspaces/{workspaceId}'].get.responses['404']
  expect(await compare(doctored)).toEqual([
    'response.body.incompatible: Create workspace: 200 OK (body description, domain, name)',
    'response.body.incompatible: Get workspace: 200 OK',
    'response.body.incompatible: List workspaces: 200 OK',
    'response.body.incompatible: Update workspace: 200 OK (body name)',
    'response.status.unknown: Get workspace: 404 Not Found, workspace of another organization',
    'response.status.unknown: Get workspace: 404 Not Found, workspace that does not exist',
  ])
})
