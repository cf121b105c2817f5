/** Largest request body accepted: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024

/** Longest request URL the mock reads (MSW's path matcher throws on longer ones). */
export const MAX_URL_LENGTH = 8192
