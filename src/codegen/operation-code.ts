/**
 * A `defineOperation` written from a plan (operation-plans.ts): its method, path, parameters, body,
 * response and statuses, and a `run` that answers from the store where the response allows it (a
 * workspace or an application by the path's id, the caller's workspaces, a workspace's applications), or
 * a placeholder that fits the response, marked `TODO(workspace-api-mock)`, for a user to fill in.
 */
import { commentText, docComment, key, listCode, quote, requestText } from './code-text.ts'
import type { OperationPlan, Parameter } from './operation-plans.ts'
import { placeholderCode, placeholderFits, zodCode } from './shape.ts'

/** The mark of every answer a user is to fill in. */
export const TODO = 'TODO(workspace-api-mock)'

export function operationCode(plan: OperationPlan, variable: string): string {
  const run = runOf(plan)
  const members = [
    `name: ${quote(plan.name)}`,
    `method: ${quote(plan.method)}`,
    `path: ${quote(plan.path)}`,
    ...(['summary', 'description', 'tag'] as const).flatMap((name) => (plan.texts[name] === undefined ? [] : [`${name}: ${quote(plan.texts[name]!)}`])),
    ...parameters('params', plan.params),
    ...parameters('query', plan.query),
    ...parameters('headers', plan.headers),
    ...(plan.scope ? ["scope: 'workspace'"] : []),
    ...(plan.body === undefined ? [] : [`body: ${zodCode(plan.body, '  ')}`]),
    ...(plan.response.shape === 'none' ? [] : [`response: ${responseCode(plan)}`]),
    ...(plan.statuses.length > 0 ? [`statuses: [${plan.statuses.join(', ')}]`] : []),
  ]
  const todo = run.todo === undefined ? [] : [docComment(`${TODO}: ${run.todo}`, '  ')]
  return [
    docComment(`${requestText(`${plan.method} ${plan.path}`, 160)}: ${plan.seen}.`, ''),
    `export const ${variable} = defineOperation({`,
    ...members.map((member) => `  ${member},`),
    ...todo,
    `  run: ${run.code},`,
    '})',
  ].join('\n')
}

function parameters(name: string, list: readonly Parameter[]): string[] {
  if (list.length === 0) return []
  const members = list.map((parameter) => `${key(parameter.name)}: ${zodCode({ ...parameter.shape, nullable: false }, '    ', 'text')}${parameter.required ? '' : '.optional()'}`)
  return [`${name}: ${listCode('{ ', members, ' }', '  ', name.length + 2)}`]
}

function responseCode(plan: OperationPlan): string {
  const response = plan.response
  if (response.shape === 'none') return ''
  const status = response.status === 201 ? ', status: 201' : ''
  if (typeof response.record === 'string') return `{ shape: ${quote(response.shape)}, record: ${quote(response.record)}${status} }`
  const record = listCode('{ ', [`name: ${quote(response.record.name)}`, `schema: ${zodCode(response.record.shape, '      ')}`], ' }', '    ', 8)
  return listCode('{ ', [`shape: ${quote(response.shape)}`, `record: ${record}`, ...(status ? ['status: 201'] : [])], ' }', '  ', 10)
}

/** The parameter that names a record of `collection`: the `{name}` right after `/workspaces/` or `/applications/`. */
function idAfter(path: string, collection: 'workspaces' | 'applications'): string | undefined {
  return new RegExp(`/${collection}/\\{(\\w+)\\}`).exec(path)?.[1]
}

interface Run {
  code: string
  todo?: string
}

/** Where the run finds records: the workspace and application the path (or the scope) names. */
interface Finders {
  /** The workspace: by the path's id, or the scope's; undefined when neither names one. */
  workspace?: string
  /** The application by the path's id, in the workspace; undefined without both. */
  application?: string
}

const EVERY_APPLICATION = 'workspaces.list().flatMap((each) => applications.list(each))'

/** `run`: from the store where the answer is a built-in record it can find, else a placeholder to fill in. */
function runOf(plan: OperationPlan): Run {
  const param = (name: string) => {
    const shape = plan.params.find((parameter) => parameter.name === name)?.shape
    return shape?.kind === 'string' || shape?.kind === 'enum' ? `params.${name}` : `String(params.${name})`
  }
  const workspaceId = idAfter(plan.path, 'workspaces')
  const applicationId = idAfter(plan.path, 'applications')
  const workspace = workspaceId !== undefined ? `workspaces.get(${param(workspaceId)})` : plan.scope ? 'workspace' : undefined
  const inWorkspace = workspaceId !== undefined ? `, ${workspace}` : ''
  const application = applicationId !== undefined && workspace !== undefined ? `applications.get(${param(applicationId)}${inWorkspace})` : undefined
  const finders = { workspace, application }
  const found = answerOf(plan, finders)
  if (found === undefined) return placeholderRun(plan, finders)
  const writes = plan.method !== 'GET' && plan.method !== 'DELETE'
  return { code: arrow(found), ...(writes && { todo: 'the service changes the record with the request; this answers it as it is: fill in the change (workspaces.update, applications.update).' }) }
}

/** The store's answer for a built-in record (undefined: the path says too little to find it). */
function answerOf(plan: OperationPlan, { workspace, application }: Finders): string | undefined {
  const response = plan.response
  if (response.shape === 'none') {
    if (plan.method !== 'DELETE') return undefined
    if (/\/applications\/\{\w+\}$/.test(plan.path)) return application && `applications.delete(${application})`
    return /\/workspaces\/\{\w+\}$/.test(plan.path) && workspace !== 'workspace' ? `workspaces.delete(${workspace})` : undefined
  }
  if (response.record === 'workspace') return response.shape === 'item' ? workspace : 'workspaces.list()'
  if (response.record === 'application') {
    if (response.shape === 'item') return application
    return workspace === undefined ? EVERY_APPLICATION : `applications.list(${workspace === 'workspace' ? '' : workspace})`
  }
  return undefined
}

/** The run context's members some code uses, destructured (`({ params, workspaces })`), or `()`. */
function contextOf(code: string): string {
  const uses = (name: string) => new RegExp(`(?<![\\w.])${name}(?![\\w])`).test(code)
  const used = ['params', 'workspace', 'workspaces', 'applications', 'problem'].filter(uses)
  return `(${used.length === 0 ? '' : `{ ${used.join(', ')} }`})`
}

const arrow = (answer: string) => `${contextOf(answer)} => ${answer}`

/**
 * A placeholder answer that fits the response (nothing for 204), marked to be filled in, after looking up
 * the records the path names: an unknown id is a 404, as the service answers it.
 */
function placeholderRun(plan: OperationPlan, { workspace, application }: Finders): Run {
  const response = plan.response
  const lookup = application ?? (workspace === 'workspace' ? undefined : workspace)
  const answer = (value: string, todo: string): Run => {
    if (lookup === undefined) return { code: arrow(value), todo }
    return { code: `${contextOf(`${lookup} ${value}`)} => {\n    ${lookup}\n    return ${value}\n  }`, todo }
  }
  if (response.shape === 'none') return answer('undefined', `do what the service does for ${plan.method} ${commentText(plan.path, 120)}; it answers 204.`)
  if (typeof response.record === 'string') {
    return answer("problem(501, 'not answered yet: fill in run')", `answer as the service does: the path names no ${response.record} this could answer from the store.`)
  }
  const code = placeholderCode(response.record.shape, '    ')
  const value = response.shape === 'item' ? code : `[${code}]`
  const fits = placeholderFits(response.record.shape) ? 'this placeholder fits its schema' : 'this placeholder does not fit its schema (a pattern): strict mode refuses it'
  return answer(lookup === undefined && value.startsWith('{') ? `(${value})` : value, `answer what the service answers (a ${response.record.name}); ${fits}.`)
}
