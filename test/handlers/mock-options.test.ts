/**
 * Mistakes in `createMockApi`'s options are refused at once, with a message that says what to do.
 */
import { describe, expect, test } from 'vitest'
import { createMockApi } from '../../src/index.ts'

describe('createMockApi refuses', () => {
  test.each(['api.example.test', '/api', ''])('a baseUrl that is not an absolute URL: %j', (baseUrl) => {
    expect(() => createMockApi({ scenario: 'empty', baseUrl })).toThrow(
      new TypeError(`baseUrl must be an absolute URL such as https://api.example.test, got "${baseUrl}"`),
    )
  })

  test('a scenario that creates no principal', () => {
    expect(() =>
      createMockApi({
        scenario: (kit) => {
          kit.organization()
        },
      }),
    ).toThrow(new TypeError('the scenario created no principal: call kit.principal(organization)'))
  })
})
