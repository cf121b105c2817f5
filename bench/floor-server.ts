/**
 * The HTTP floor: a bare node:http server that answers each benchmarked URL with the exact bytes the
 * mock returned for it, precomputed. Usage: node bench/floor-server.ts <routes.json> <port>
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const [file, port] = process.argv.slice(2) as [string, string]
const routes = new Map<string, Buffer>(
  Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>).map(([url, body]) => [
    url,
    Buffer.from(body),
  ]),
)
createServer((request, response) => {
  const body = routes.get(request.url ?? '')
  if (!body) {
    response.writeHead(404).end()
    return
  }
  response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length }).end(body)
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'))
