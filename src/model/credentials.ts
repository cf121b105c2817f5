/** An API key and secret pair. */
export interface Credentials {
  apiKey: string
  apiSecret: string
}

/**
 * A fresh, unguessable key and secret: `wam_key_` + 32 and `wam_secret_` + 40 random hex digits. Web
 * Crypto, so that the browser entry can carry this module too.
 */
export function newCredentials(): Credentials {
  return { apiKey: `wam_key_${randomHex(16)}`, apiSecret: `wam_secret_${randomHex(20)}` }
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
