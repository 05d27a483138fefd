/**
 * Makes text that a human cannot see, but a model reads, visible before any model sees evidence.
 * Pull request text is written by the party the panel judges; an instruction hidden in Unicode tag
 * characters, behind bidi controls or inside zero-width characters would reach the reviewers while
 * a maintainer reading the diff sees nothing. Every such character is replaced by a visible mark
 * (`⟦U+202E⟧`, tag text decoded as `⟦tag-text "…"⟧`), and Markdown HTML comments (invisible when
 * GitHub renders the file) are prefixed with `⟦html-comment⟧`. The same marked text is what the
 * check run, comment and report quote, so a human sees what the model saw (docs/security.md, "What reaches models").
 */

export type HiddenKind = 'tag' | 'bidi' | 'bidi_mark' | 'zero_width' | 'html_comment';

export const HIDDEN_KINDS: readonly HiddenKind[] = ['tag', 'bidi', 'bidi_mark', 'zero_width', 'html_comment'];

export type HiddenCounts = Record<HiddenKind, number>;

export interface RevealResult {
  /** The text with every hidden character replaced by a visible mark. */
  text: string;
  counts: HiddenCounts;
  /** Marks that count as an attempt to hide text (everything except lone LRM/RLM/ALM marks). */
  suspicious: number;
}

/** Opening and closing brackets of a visible mark; chosen because ordinary source rarely has them. */
export const MARK_OPEN = '⟦';
export const MARK_CLOSE = '⟧';

const TAG_FIRST = 0xe0000;
const TAG_LAST = 0xe007f;
/** Embeddings, overrides and isolates: the Trojan Source characters. */
const BIDI_CONTROLS = new Set([0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]);
/** Direction marks: legitimate in right-to-left translations, so counted and shown, not suspicious. */
const BIDI_MARKS = new Set([0x200e, 0x200f, 0x061c]);
const ZERO_WIDTH = new Set([0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]);
/** Every bidi control and mark above: what {@link markBidi} makes visible and cited paths refuse. */
const BIDI_ANY = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

export function emptyCounts(): HiddenCounts {
  return { tag: 0, bidi: 0, bidi_mark: 0, zero_width: 0, html_comment: 0 };
}

export function addCounts(into: HiddenCounts, from: HiddenCounts): HiddenCounts {
  for (const kind of HIDDEN_KINDS) into[kind] += from[kind];
  return into;
}

export function totalOf(counts: HiddenCounts): number {
  return HIDDEN_KINDS.reduce((n, kind) => n + counts[kind], 0);
}

function hex(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A letter or emoji on both sides: ZWJ/ZWNJ there join emoji or shape Persian/Indic script. */
function joinsScript(before: string | undefined, after: string | undefined): boolean {
  const joinable = (ch: string | undefined) =>
    ch !== undefined &&
    (/[\p{L}\p{M}\p{Extended_Pictographic}]/u.test(ch) || /\p{Emoji_Modifier}/u.test(ch)) &&
    (ch.codePointAt(0) ?? 0) > 0x7f;
  return joinable(before) && joinable(after);
}

/** Whether `text` holds a bidi control or mark, which can make it display as something else. */
export function hasBidi(text: string): boolean {
  BIDI_ANY.lastIndex = 0;
  return BIDI_ANY.test(text);
}

/**
 * `text` with every bidi control and mark (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C)
 * replaced by its visible mark, `⟦U+202E⟧`, as {@link revealHidden} marks them for models. The one
 * rule for showing text the judged party wrote to people (the HTML report, the GitHub renderers):
 * an override in a file name (`src/\u202Egnp.exe` displays as `src/exe.png`) would otherwise
 * reverse it and the text after it. Only the display changes; stored and signed text keeps its bytes.
 */
export function markBidi(text: string): string {
  return text.replace(BIDI_ANY, (ch) => `${MARK_OPEN}${hex(ch.codePointAt(0) as number)}${MARK_CLOSE}`);
}

/**
 * Reveals hidden characters in `text`. `markdown` also marks HTML comments (only in Markdown they
 * are hidden from a reader of the rendered file). A BOM at the very start is dropped, not counted;
 * ZWJ/ZWNJ between two non-ASCII letters or emoji are kept (emoji sequences, Persian, Indic scripts).
 */
export function revealHidden(text: string, options: { markdown?: boolean } = {}): RevealResult {
  const counts = emptyCounts();
  const chars = Array.from(text);
  let out = '';
  let tagRun: number[] = [];
  const flushTags = () => {
    if (tagRun.length === 0) return;
    const decoded = tagRun
      .map((cp) => (cp >= 0xe0020 && cp <= 0xe007e ? String.fromCharCode(cp - TAG_FIRST) : `<${hex(cp)}>`))
      .join('');
    out += `${MARK_OPEN}tag-text ${JSON.stringify(decoded)}${MARK_CLOSE}`;
    counts.tag += tagRun.length;
    tagRun = [];
  };
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] as string;
    const cp = ch.codePointAt(0) as number;
    if (cp >= TAG_FIRST && cp <= TAG_LAST) {
      tagRun.push(cp);
      continue;
    }
    flushTags();
    if (BIDI_CONTROLS.has(cp)) {
      counts.bidi++;
      out += `${MARK_OPEN}${hex(cp)}${MARK_CLOSE}`;
    } else if (BIDI_MARKS.has(cp)) {
      counts.bidi_mark++;
      out += `${MARK_OPEN}${hex(cp)}${MARK_CLOSE}`;
    } else if (ZERO_WIDTH.has(cp)) {
      if (cp === 0xfeff && i === 0) continue;
      if ((cp === 0x200c || cp === 0x200d) && joinsScript(chars[i - 1], chars[i + 1])) {
        out += ch;
        continue;
      }
      counts.zero_width++;
      out += `${MARK_OPEN}${hex(cp)}${MARK_CLOSE}`;
    } else {
      out += ch;
    }
  }
  flushTags();
  if (options.markdown) {
    out = out.replace(/<!--/g, () => {
      counts.html_comment++;
      return `${MARK_OPEN}html-comment${MARK_CLOSE}<!--`;
    });
  }
  return { text: out, counts, suspicious: totalOf(counts) - counts.bidi_mark - counts.html_comment };
}

/** Whether a path names a Markdown file (where HTML comments are invisible when rendered). */
export function isMarkdownPath(path: string): boolean {
  return /\.(md|markdown|mdx)$/i.test(path);
}
