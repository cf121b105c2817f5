/**
 * Copies text; without the Clipboard API (a page on a LAN address is not a secure context) via a
 * selection in a text area placed inside `near` (in the panel's shadow root, so that the page sees nothing).
 */
export async function copy(text: string, near: Element): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text)
    return
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.setAttribute('aria-hidden', 'true')
  area.className = 'offscreen'
  near.append(area)
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  if (!copied) throw new Error('the browser did not allow copying: select the text instead')
}
