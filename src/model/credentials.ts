/** An API key and secret pair. */
export interface Credentials {
  apiKey: string
  apiSecret: string
}
