import { kitRoute } from '../operation.ts'

/**
 * GET /api/schemas/<Name>.json and GET /api/icons/<img_id>_<variant>: the kit's public file routes, as the
 * routing table carries them. Each answer (schemas.ts, icons.ts) loads on the first request for one of its
 * files: a page's first answer does not wait for them, and a bundle carries only these definitions eagerly.
 */
export const getSchema = kitRoute({
  name: 'getSchema',
  method: 'GET',
  path: '/api/schemas/:file',
  public: true,
  async run(input) {
    const { schemaReply } = await import('./schemas.ts')
    return schemaReply(input)
  },
})

export const getIcon = kitRoute({
  name: 'getIcon',
  method: 'GET',
  path: '/api/icons/:file',
  public: true,
  async run(input) {
    const { iconReply } = await import('./icons.ts')
    return iconReply(input)
  },
})
