/** An answer as the checks read it: the status, the headers, the body as text and as JSON. */
export interface Answer {
  status: number
  headers: Headers
  text: string
  /** The body parsed as JSON, undefined when it is not JSON. */
  json: unknown
}
