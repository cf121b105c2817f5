/** A small element builder: the console's markup without a framework. */
export type Child = Node | string | number | false | null | undefined
type Attributes = Record<string, string | number | boolean | EventListener | undefined>

/**
 * `h('button', { type: 'button', onclick: run }, 'Reset')`: attributes are set as attributes (false or
 * undefined leave them out), `on*` members as listeners; strings become text, never HTML.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue
    if (typeof value === 'function') element.addEventListener(name.slice(2), value)
    else element.setAttribute(name, value === true ? '' : String(value))
  }
  append(element, children)
  return element
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue
    parent.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)))
  }
}

/** Replaces an element's content. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren()
  append(parent, children)
}

let ids = 0

/** An id unique in the page, for `for`, `aria-labelledby` and `aria-controls` (`prefix-<n>`). */
export function uniqueId(prefix: string): string {
  return `${prefix}-${++ids}`
}

/** A labelled field: the label above its control. */
export function field(label: string, control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, note?: Child): HTMLDivElement {
  control.id ||= uniqueId('field')
  return h('div', { class: 'field' }, h('label', { for: control.id }, label), control, note)
}

/** A `<select>` of values, `selected` chosen; each value is its own label unless `labels` says otherwise. */
export function select(name: string, values: readonly string[], selected?: string, labels: Record<string, string> = {}): HTMLSelectElement {
  return h('select', { name }, ...values.map((value) => h('option', { value, selected: value === selected }, labels[value] ?? value)))
}

/** `1,234`: a count as the UI writes it. */
export const count = (n: number): string => new Intl.NumberFormat('en-US').format(n)

export const plural = (n: number, word: string): string => `${count(n)} ${word}${n === 1 ? '' : 's'}`
