/**
 * What the journal keeps of an answer (docs/api.md, "The journal"): every status from 400 up is an error
 * whose problem `detail` the entry repeats, 400 itself included; a success has none. With the journal off
 * (`journalLimit: 0`) nothing waits for a request body the answer does not need.
 */
import { describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'
import { expectProblem } from '../support/api-assertions.ts'
import { ORIGIN, useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'empty' })

describe('journal entries of errors', () => {
  test('a 400 (malformed JSON) is journaled with its detail', async () => {
    const res = await h.call('/api/workspaces', {
      method: 'POST',
      body: '{"name":',
      headers: { 'Content-Type': 'application/json' },
    })
    const { detail } = expectProblem(res, 400, { origin: ORIGIN })
    expect(h.api.journal.last()).toMatchObject({ operation: 'createWorkspace', status: 400, detail })
  })

  test('a success carries no detail', async () => {
    expect((await h.call('/api/workspaces')).status).toBe(200)
    const entry = h.api.journal.last()
    expect(entry).toMatchObject({ operation: 'listWorkspaces', status: 200 })
    expect(entry).not.toHaveProperty('detail')
  })
})

describe('with the journal off', () => {
  test('a 401 is answered while the request body is still arriving', async () => {
    const api = createMockApi({ scenario: 'empty', baseUrl: ORIGIN, journalLimit: 0 })
    await api.ready
    // An upload that has sent its first bytes and never ends.
    const upload = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"name":"slow'))
      },
    })
    const request = new Request(`${ORIGIN}/api/workspaces`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: upload,
      duplex: 'half',
    } as RequestInit)
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<'still waiting'>((resolve) => {
      timer = setTimeout(() => resolve('still waiting'), 1_000)
    })
    const answer = await Promise.race([api.handle(request), late])
    clearTimeout(timer)
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).status).toBe(401)
    expect(api.journal.entries).toEqual([])
  })
})
