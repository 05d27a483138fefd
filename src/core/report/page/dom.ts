/// <reference lib="dom" />
import { markBidi } from '../../verify/hidden-text.js';

type Child = Node | string | number | null | undefined | false;

/**
 * Text as the page shows it: bidi controls and marks become visible `⟦U+202E⟧` marks, so text the
 * judged party wrote (a file named `src/\u202Egnp.exe`, a reviewer's reasoning) cannot display as
 * something else or reverse what follows it. Every string the page puts on screen passes here, by
 * {@link h} and {@link append} or explicitly for `textContent` and `document.title`; the embedded
 * bundle the page verifies is never changed.
 */
export function shown(text: string): string {
  return markBidi(text);
}

/**
 * Builds an element. Children that are strings become text nodes, so text taken from a bundle can
 * never be parsed as markup: the page has no innerHTML anywhere. Strings are {@link shown}.
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
    el.append(typeof child === 'number' ? String(child) : typeof child === 'string' ? shown(child) : child);
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
