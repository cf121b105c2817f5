// The subset of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  /** One request of a sequence; `setupRequest` and `onResponse` see a per-connection `context`. */
  export interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | undefined
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    pipelining?: number
    requests?: Request[]
  }
  interface Histogram {
    average: number
    mean: number
    p50: number
    p99: number
    total: number
  }
  export interface Result {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
