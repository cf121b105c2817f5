/**
 * The HTTP floor: a bare node:http server that answers each benchmarked URL with the exact response the
 * mock returned for it (same headers, same body), precomputed. Usage: node bench/floor-server.ts <routes.json> <port>
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const [file, port] = process.argv.slice(2) as [string, string]
type Route = { headers: Record<string, string>; body: string }
const routes = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, Route>).map(([url, route]) => [
    url,
    { headers: route.headers, body: Buffer.from(route.body) },
  ]),
)
createServer((request, response) => {
  const route = routes.get(request.url ?? '')
  if (!route) {
    response.writeHead(404).end()
    return
  }
  response.writeHead(200, route.headers).end(route.body)
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'))
