import { describe, expect, test } from 'vitest'
import { reportable } from '../../src/handlers/definitions/validation.ts'
import { useHarness } from '../support/mock-server.ts'

const h = useHarness({ scenario: 'demo', seed: 5 })

describe('hostile sizes', () => {
  test('a body nested 5,000 deep is a 422 whose detail summarizes the value', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`
    const res = await h.call('/api/workspaces', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"name":${deep}}`,
    })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual([
      { message: expect.stringMatching(/expected string/), location: 'body.name', value: '[array of 1 items]' },
    ])
  })

  test('long rejected strings are shortened in the error detail', async () => {
    const res = await h.call('/api/workspaces', { method: 'POST', json: { name: 'x', extra: 'y'.repeat(5000) } })
    expect(res.status).toBe(422)
    expect(res.body.errors[0].value).toBe(`${'y'.repeat(256)}…`)
    expect(reportable({ small: true })).toEqual({ small: true })
  })

  test('a URL over 8,192 characters is 414, through MSW and through api.handle', async () => {
    const path = `/api/workspaces/wse_${'a'.repeat(9000)}`
    const res = await h.call(path)
    expect(res.status).toBe(414)
    expect(res.body).toMatchObject({ title: 'Request URI Too Long', status: 414 })
    const direct = await h.api.handle(new Request(`https://api.example.test${path}`))
    expect(direct?.status).toBe(414)
    expect(await h.api.handle(new Request(`https://api.example.test/elsewhere/${'a'.repeat(9000)}`))).toBeUndefined()
  })
})
