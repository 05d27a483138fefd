/// <reference lib="dom" />
import type { LedgerEntry } from '../../ledger/entry.js';
import { h, short } from './dom.js';
import { isTranscript } from './sections.js';

const PAGE = 250;

export interface Timeline {
  element: HTMLElement;
  /** Marks (and opens) the entry at this position where verification failed, rendering it if needed. */
  markBroken(position: number): void;
}

/**
 * The ledger as a keyboard-expandable list of <details> (kind, seq, short hash). Payloads are laid out
 * only when an entry is opened, and entries appear a page at a time, so a 10k-entry ledger stays quick.
 * Model and tool entries (the transcript) are hidden until asked for.
 */
export function timeline(entries: readonly unknown[]): Timeline {
  const list = h('ol', { class: 'timeline', id: 'timeline' });
  const transcriptCount = entries.filter((e) => isTranscript(kindOf(e))).length;
  let showTranscript = false;
  let shown = 0;
  const toggle = h('input', { type: 'checkbox', id: 'show-transcript' });
  const more = h('button', { type: 'button', id: 'show-more' }, 'Show more entries');
  const visible = () => entries.filter((e) => showTranscript || !isTranscript(kindOf(e)));
  const renderMore = (upTo: number) => {
    const items = visible();
    const end = Math.min(items.length, Math.max(upTo, shown + PAGE));
    for (let i = shown; i < end; i++) list.append(item(items[i]));
    shown = end;
    more.hidden = shown >= items.length;
    more.textContent = `Show more entries (${items.length - shown} left)`;
  };
  const rerender = () => {
    list.replaceChildren();
    shown = 0;
    renderMore(0);
  };
  toggle.addEventListener('change', () => {
    showTranscript = toggle.checked;
    rerender();
  });
  more.addEventListener('click', () => renderMore(0));
  renderMore(0);
  const element = h(
    'section',
    { 'aria-labelledby': 'timeline-h' },
    h('h2', { id: 'timeline-h' }, 'Ledger timeline'),
    h(
      'p',
      { class: 'muted' },
      `${entries.length} signed entries. Open one to see its payload. `,
      transcriptCount
        ? h(
            'label',
            { for: 'show-transcript' },
            toggle,
            ` Show the transcript (${transcriptCount} model, tool and context-size entries)`,
          )
        : null,
    ),
    list,
    more,
  );
  return {
    element,
    markBroken(position) {
      // Failure seqs are positions in ledger.entries (seq and position agree up to the failure).
      const target = entries[position];
      if (target === undefined) return;
      if (isTranscript(kindOf(target)) && !showTranscript) {
        toggle.checked = true;
        showTranscript = true;
        rerender();
      }
      const index = visible().indexOf(target);
      if (index >= shown) renderMore(index + 1);
      const node = list.children[index]?.firstElementChild as HTMLDetailsElement | null | undefined;
      if (!node) return;
      node.classList.add('broken');
      node.open = true;
    },
  };
}

function kindOf(entry: unknown): string {
  const kind = (entry as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' ? kind : '?';
}

function item(raw: unknown): HTMLElement {
  const entry = (raw ?? {}) as Partial<LedgerEntry>;
  const kind = kindOf(raw);
  const details = h(
    'details',
    { class: `entry${isTranscript(kind) ? ' transcript' : ''}`, 'data-seq': String(entry.seq) },
    h(
      'summary',
      null,
      h('span', { class: 'seq' }, `#${String(entry.seq)}`),
      ' ',
      h('span', { class: 'kind' }, kind),
      ' ',
      h('code', { class: 'hash' }, short(entry.entry_hash)),
    ),
  );
  details.addEventListener('toggle', () => {
    if (!details.open || details.querySelector('pre')) return;
    details.append(
      h(
        'p',
        { class: 'small muted' },
        `entry_hash ${String(entry.entry_hash)} · prev ${short(entry.prev_hash)}`,
      ),
      h('pre', { class: 'payload' }, JSON.stringify(entry.payload, null, 2) ?? 'undefined'),
    );
  });
  return h('li', null, details);
}
