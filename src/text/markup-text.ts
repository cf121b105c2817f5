/**
 * Text put into XML and HTML (JUnit reports, coverage's page): the five characters markup gives a meaning
 * escaped, and the characters XML 1.0 cannot hold at all replaced, so that a name or a body a test sent
 * can neither break the document nor add to it.
 */
export function markup(text: string): string {
  return text
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '\ufffd')
}
