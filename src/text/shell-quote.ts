/** A word for a POSIX shell: single-quoted unless it is plainly safe (the banner's, record's and the console's curl lines). */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`
}
