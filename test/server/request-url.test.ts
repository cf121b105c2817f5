/**
 * The demo server's request URLs (src/server/http/request-url.ts): each on the Host the client used, on the
 * server's own address when there is none or it is unusable.
 */
import { expect, test } from 'vitest'
import { requestUrl } from '../../src/server/http/request-url.ts'

const server = 'http://127.0.0.1:4010'

test('the URL on the Host the client used', () => {
  expect(requestUrl('/api/workspaces?page_size=5', 'a.test:7000', server).href).toBe('http://a.test:7000/api/workspaces?page_size=5')
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
