import type { Account } from '../../model/schemas.ts'
import type { Store } from '../../model/store.ts'
import type { ApiRequest } from '../api-request.ts'
import { Problem } from '../reply/problem.ts'

/** RFC 9110 requires a challenge on 401; the API's scheme is a key/secret header pair. */
const CHALLENGE = { 'WWW-Authenticate': 'ApiKey header="X-API-Key", secret-header="X-API-Secret"' }

/** The principal whose X-API-Key and X-API-Secret both match; otherwise a 401 problem. */
export function authenticate(request: ApiRequest, store: Store, challenge = true): Account {
  const headers = challenge ? CHALLENGE : undefined
  const key = request.header('X-API-Key')
  const secret = request.header('X-API-Secret')
  if (!key || !secret) {
    const missing = [!key && 'X-API-Key', !secret && 'X-API-Secret'].filter((name) => name !== false)
    throw new Problem(401, `missing ${missing.join(' and ')} header`, undefined, headers).because({
      kind: 'authentication',
      reason: 'missing-header',
      missing,
    })
  }
  const account = store.indexes.accountByApiKey(key)
  if (!account || account.apiSecret !== secret) {
    // The same answer either way: only the journal says which.
    throw new Problem(401, 'invalid API key or secret', undefined, headers).because(
      account ? { kind: 'authentication', reason: 'secret-mismatch', account: account.id } : { kind: 'authentication', reason: 'unknown-key' },
    )
  }
  return account
}
