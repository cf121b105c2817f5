/** A small element builder: the console's markup without a framework. */
type Child = Node | string | number | false | null | undefined
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

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id)
  if (!element) throw new Error(`the console page has no #${id}`)
  return element as T
}
