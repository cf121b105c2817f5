/**
 * A constructed style sheet, made on first use and then shared (by a document and its shadow roots): no
 * `<style>` element and no inline style, so that a page's Content-Security-Policy need not allow them.
 */
export function sheetOf(css: string): () => CSSStyleSheet {
  let sheet: CSSStyleSheet | undefined
  return () => {
    if (!sheet) {
      sheet = new CSSStyleSheet()
      sheet.replaceSync(css)
    }
    return sheet
  }
}
