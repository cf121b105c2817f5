/**
 * The demo server's request URLs (src/server/http/request-url.ts): parsed once per Host and target and shared,
 * each on the Host the client used, on the server's own address when there is none or it is unusable.
 */
import { expect, test } from 'vitest'
import { requestUrl } from '../../src/server/http/request-url.ts'

const server = 'http://127.0.0.1:4010'

test('the same Host and target give the one URL parsed the first time; another Host or target its own', () => {
  const first = requestUrl('/api/workspaces?page_size=5', 'a.test:7000', server)
  expect(first.href).toBe('http://a.test:7000/api/workspaces?page_size=5')
  expect(requestUrl('/api/workspaces?page_size=5', 'a.test:7000', server)).toBe(first)
  expect(requestUrl('/api/workspaces?page_size=5', 'b.test:7000', server).href).toBe('http://b.test:7000/api/workspaces?page_size=5')
  expect(requestUrl('/api/workspaces', 'a.test:7000', server).href).toBe('http://a.test:7000/api/workspaces')
})

test("without a Host, or with one that is no host name, the URL is on the server's own address", () => {
  expect(requestUrl('/api/x', undefined, server).href).toBe(`${server}/api/x`)
  expect(requestUrl('/api/x', 'not a host', server).href).toBe(`${server}/api/x`)
  expect(requestUrl('/api/x', 'not a host', 'http://localhost:9').href).toBe('http://localhost:9/api/x')
})

test('a Host that moves the path is read as before (the base URL resolves the target)', () => {
  expect(requestUrl('/api/x', 'a.test/base', server).href).toBe('http://a.test/api/x')
  expect(requestUrl('//other.test/api/x', 'a.test', server).href).toBe('http://other.test/api/x')
})

test('past 1,024 targets of a host the cache starts over, and answers the same', () => {
  const first = requestUrl('/api/0', 'c.test', server)
  for (let n = 1; n <= 1024; n++) requestUrl(`/api/${n}`, 'c.test', server)
  const again = requestUrl('/api/0', 'c.test', server)
  expect(again).not.toBe(first)
  expect(again.href).toBe(first.href)
})
