/**
 * Problems the pipeline itself answers (docs/spec-decisions.md, "Error bodies"; docs/api.md, "The kit's own
 * failures"): the title of a status Go's table has no text for, and a failure inside the kit (here: an override
 * that throws), which becomes a 500 problem and a console.error, never an exception in the test.
 */
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'empty' })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('titles of statuses without a text of their own', () => {
  test('a 4xx status: "Client Error"', async () => {
    h.api.faults.fail('listWorkspaces', { status: 499 })
    const res = await h.call('/api/workspaces', { contract: false })
    expect(res.status).toBe(499)
    expect(res.response.headers.get('Content-Type')).toBe('application/problem+json')
    expect(res.body).toEqual({
      $schema: `${ORIGIN}/api/schemas/ErrorModel.json`,
      title: 'Client Error',
      status: 499,
      detail: 'injected fault: 499',
    })
  })

  test('a 5xx status: "Server Error"', async () => {
    h.api.faults.fail('listWorkspaces', { status: 599 })
    const res = await h.call('/api/workspaces', { contract: false })
    expect(res.status).toBe(599)
    expect(res.body.title).toBe('Server Error')
  })

  test.each([
    [418, "I'm a teapot"],
    [501, 'Not Implemented'],
    [507, 'Insufficient Storage'],
    [431, 'Request Header Fields Too Large'],
  ])('%i has Go\'s text: "%s"', async (status, title) => {
    h.api.faults.fail('listWorkspaces', { status })
    expect((await h.call('/api/workspaces', { contract: false })).body.title).toBe(title)
  })

  test('statuses with a text keep it: 500 and 503', async () => {
    h.api.faults.fail('listWorkspaces', { status: 503, times: 1 })
    expect((await h.call('/api/workspaces')).body.title).toBe('Service Unavailable')
    h.api.faults.fail('listWorkspaces', { times: 1 })
    expect((await h.call('/api/workspaces')).body.title).toBe('Internal Server Error')
  })
})

describe('a failure inside the kit', () => {
  test('an override that throws an Error: 500 naming the message, and a console.error', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failure = new Error('the override broke')
    h.api.override('listWorkspaces', () => {
      throw failure
    })
    const res = await h.call('/api/workspaces')
    expect(res.status).toBe(500)
    expect(res.body).toMatchObject({ title: 'Internal Server Error', status: 500 })
    expect(res.body.detail).toBe('the mock failed: the override broke')
    expect(printed).toHaveBeenCalledWith('[workspace-api-mock] unexpected error:', failure)
  })

  test('an override that throws something else than an Error: its text is the detail', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    h.api.override('listWorkspaces', () => {
      throw 'a plain string'
    })
    const res = await h.call('/api/workspaces')
    expect(res.status).toBe(500)
    expect(res.body.detail).toBe('the mock failed: a plain string')
  })

  test('the failure is journaled with its detail, and the next request is served', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    h.api.override(
      'listWorkspaces',
      () => {
        throw new Error('once only')
      },
      { once: true },
    )
    expect((await h.call('/api/workspaces')).status).toBe(500)
    expect(h.api.journal.entries.at(-1)).toMatchObject({ status: 500, detail: 'the mock failed: once only' })
  })
})
