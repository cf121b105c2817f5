import type { ErrorDetail } from '../../model/schemas.ts'
import { jsonReply, type ResponseTarget } from './envelope.ts'
import type { Reply } from './reply.ts'
import type { ProblemCause, ProblemNote } from '../trace.ts'

/** Go's `http.StatusText` of every error status it knows, which Huma uses for `title`. */
const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Request Entity Too Large',
  414: 'Request URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Requested Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  506: 'Variant Also Negotiates',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  510: 'Not Extended',
  511: 'Network Authentication Required',
}

/** RFC 9110's reason phrases where they differ from Go's (the `rfc9110` title style of the profile). */
const RFC_9110_TITLES: Record<number, string> = {
  413: 'Content Too Large',
  414: 'URI Too Long',
  416: 'Range Not Satisfiable',
  422: 'Unprocessable Content',
}

/** How problem titles are written: Go's status text (Huma's, the default) or RFC 9110's reason phrase. */
export type TitleStyle = 'go' | 'rfc9110'

/** The title of a status code, as the real service (Huma on Go) writes it, or in RFC 9110's words. */
export function statusTitle(status: number, style: TitleStyle = 'go'): string {
  const rfc = style === 'rfc9110' ? RFC_9110_TITLES[status] : undefined
  // Stryker disable next-line EqualityOperator: same-value
  return rfc ?? TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error')
}

/**
 * An RFC 9457 problem, thrown anywhere below an operation and rendered once by the operation wrapper.
 * Throwing keeps every check a one-liner and guarantees a rejected request never reaches a write.
 */
export class Problem extends Error {
  readonly status: number
  readonly detail: string
  readonly errors: ErrorDetail[] | undefined
  readonly headers: Record<string, string> | undefined
  /** Why it was thrown, for the journal (the answer does not say: a 404 reads the same whatever the cause). */
  why: ProblemCause | undefined = undefined

  constructor(status: number, detail: string, errors?: ErrorDetail[], headers?: Record<string, string>) {
    super(`${status} ${detail}`)
    this.name = 'Problem'
    this.status = status
    this.detail = detail
    this.errors = errors
    this.headers = headers
  }

  /** Notes the cause for the journal: `throw new Problem(404, ...).because({ kind: 'lookup', ... })`. */
  because(why: ProblemCause): this {
    this.why = why
    return this
  }

  /** What the journal keeps of it. */
  note(): ProblemNote {
    return { status: this.status, detail: this.detail, errors: this.errors, why: this.why, allow: this.headers?.Allow }
  }
}

/** The one way the kit writes an error: `application/problem+json` in Huma's ErrorModel shape. */
export function problemReply(problem: Problem, target: ResponseTarget, titles: TitleStyle = 'go'): Reply {
  const body: Record<string, unknown> = {
    $schema: target.schemaUrl('ErrorModel'),
    title: statusTitle(problem.status, titles),
    status: problem.status,
    detail: problem.detail,
  }
  if (problem.errors && problem.errors.length > 0) body.errors = problem.errors
  return jsonReply(JSON.stringify(body), {
    status: problem.status,
    schema: 'ErrorModel',
    target,
    contentType: 'application/problem+json',
    headers: problem.headers,
  })
}
