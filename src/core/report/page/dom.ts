/// <reference lib="dom" />

type Child = Node | string | number | null | undefined | false;

/**
 * Builds an element. Children that are strings become text nodes, so text taken from a bundle can
 * never be parsed as markup: the page has no innerHTML anywhere.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | undefined> | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {}))
    if (value !== undefined) el.setAttribute(name, value);
  append(el, children);
  return el;
}

export function append(el: Element, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'number' ? String(child) : child);
  }
}

/** Any JSON value as display text (strings as is, the rest as compact JSON). */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? String(value);
}

export function short(hash: unknown, length = 12): string {
  return typeof hash === 'string' ? `${hash.slice(0, length)}…` : '—';
}
