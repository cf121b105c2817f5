/**
 * Where `$schema` points (src/handlers/reply/envelope.ts responseTarget): the configured baseUrl, else the
 * request's own origin; requests from one origin in a row share its target, one from another gets its own.
 */
import { expect, test } from 'vitest'
import { responseTarget } from '../../src/handlers/reply/envelope.ts'

const schemaOf = (url: string, baseUrl?: string) => responseTarget(new URL(url), baseUrl).schemaUrl('ErrorModel')

test('each request gets its own origin, whatever came before it', () => {
  const urls = [
    'http://a.test/api/x',
    'http://a.test/api/y?z=1',
    'http://a.test:8080/api/x',
    'http://user:secret@a.test/api/x',
    'https://a.test/api/x',
    'http://a.testing/api/x',
    'http://a.test/api/x',
    'app://x/api/y',
    'app://x',
    'file:///api/x',
    'http://a.test/api/x',
  ]
  for (const url of urls) expect(schemaOf(url), url).toBe(`${new URL(url).protocol}//${new URL(url).host}/api/schemas/ErrorModel.json`)
})

test('the same origin twice: the same target', () => {
  expect(responseTarget(new URL('http://b.test/1'), undefined)).toBe(responseTarget(new URL('http://b.test/2'), undefined))
})

test('a configured baseUrl wins over the origin, with its path', () => {
  expect(schemaOf('http://a.test/api/x', 'https://api.example.com/v2')).toBe('https://api.example.com/v2/api/schemas/ErrorModel.json')
  expect(responseTarget(new URL('http://a.test/'), 'https://api.example.com/v2').schemaHref('ErrorModel')).toBe('/v2/api/schemas/ErrorModel.json')
  expect(schemaOf('http://a.test/api/x')).toBe('http://a.test/api/schemas/ErrorModel.json')
})
