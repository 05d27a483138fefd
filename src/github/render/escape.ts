/**
 * Escaping for untrusted text (clause descriptions, model reasoning, check output, intent) that is
 * rendered into GitHub markdown. Every helper returns text that cannot break out of the construct it
 * is placed in (table cell, <summary>, fenced block), cannot inject HTML, cannot open or close HTML
 * comments (our hidden markers) and cannot @mention people or cross-reference issues.
 */
import { markBidi } from '../../core/verify/index.js';

/** Zero-width joiner: invisible, but breaks GitHub's @mention and #reference detection. */
export const ZWJ = '\u200D';

// C0/C1 controls except tab and newline.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F]/g;

/**
 * Unifies line endings, removes invisible controls that could corrupt the rendering, and shows bidi
 * controls and marks as `⟦U+202E⟧` marks (`markBidi`, the rule the HTML report follows too) so
 * none can reverse the text around it.
 */
export function normalizeText(text: string): string {
  return markBidi(text.replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n').replace(CONTROL, ''));
}

/**
 * `@user`, `@org/team`, `#123`, `owner/repo#123`, `GH-123` and a bare URL (GitHub autolinks
 * `https://…` and `www.…`; a link to another issue adds a cross-reference event there) would notify
 * people, link to pages the text chose or mark other issues; a zero-width joiner after the sigil or
 * the scheme keeps the text readable but inert.
 */
export function neutralizeMentions(text: string): string {
  return text
    .replace(/@(?=[A-Za-z0-9_-])/g, `@${ZWJ}`)
    .replace(/#(?=\d)/g, `#${ZWJ}`)
    .replace(/(?<![A-Za-z])(GH)-(?=\d)/gi, `$1-${ZWJ}`)
    .replace(/(?<![A-Za-z])([A-Za-z][A-Za-z0-9+.-]*):(?=\/\/)/g, `$1:${ZWJ}`)
    .replace(/(www)\./gi, `$1${ZWJ}.`);
}

/** Breaks `<!--`, `-->` and `--!>` so text can neither open nor close an HTML comment. */
export function breakCommentDelimiters(text: string): string {
  return text.replace(/<!--/g, `<!-${ZWJ}-`).replace(/--(!?)>/g, `-${ZWJ}-$1>`);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Inline markdown punctuation that could start emphasis, code, links, images or table cells. */
const MARKDOWN_PUNCT = /[\\`*_{}[\]()|~!#]/g;

/**
 * Untrusted text as inert inline markdown: safe in table cells, paragraphs and blockquotes. HTML is
 * escaped, markdown punctuation is backslash-escaped, newlines become `<br>` (so the text stays on
 * one source line and cannot end a table row or start a block), mentions are neutralised.
 */
export function inlineText(text: string, maxChars = Number.POSITIVE_INFINITY): string {
  const clipped = clipHead(normalizeText(text).trim(), maxChars);
  // Markdown escapes first: they only add backslashes, which HTML escaping leaves alone.
  const markdown = neutralizeMentions(clipped)
    .replace(MARKDOWN_PUNCT, (c) => `\\${c}`)
    .replace(/^([+=-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
  return escapeHtml(markdown).replace(/[ \t]*\n[ \t]*/g, '<br>');
}

/**
 * Untrusted text for raw HTML contexts such as `<summary>`: one line, HTML-escaped, inert. Markdown
 * punctuation becomes hex character references too, so nothing turns into a link, code or a table
 * cell even if a renderer processes markdown there.
 */
export function htmlText(text: string, maxChars = Number.POSITIVE_INFINITY): string {
  return escapeHtml(neutralizeMentions(clipHead(normalizeText(text), maxChars)))
    .replace(/[\\`*_[\]|~]/g, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`)
    .replace(/\s+/g, ' ')
    .trim();
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let current = 0;
  for (const c of text) {
    current = c === char ? current + 1 : 0;
    if (current > longest) longest = current;
  }
  return longest;
}

/**
 * A fenced code block whose backtick fence is longer than any backtick run inside, so the content
 * cannot close it. Content stays literal apart from neutralised mentions and comment delimiters.
 */
export function fencedBlock(text: string, info = ''): string {
  const body = breakCommentDelimiters(neutralizeMentions(normalizeText(text))).replace(/\n+$/, '');
  const fence = '`'.repeat(Math.max(3, longestRun(body, '`') + 1));
  return `${fence}${info.replace(/[`\s]/g, '')}\n${body}\n${fence}`;
}

/** A one-line code span (for ids, hashes, commands) that no backtick inside can close. */
export function codeSpan(text: string): string {
  return inlineCode(breakCommentDelimiters(neutralizeMentions(normalizeText(text))));
}

/**
 * A command Truss composes from trusted parts only (the configured trigger phrase, a hex id) as a code
 * span a maintainer can copy: unlike {@link codeSpan} it keeps `@` and `#` as written, so a trigger
 * such as `@truss` still works when pasted. Never for text a pull request or an agent supplied.
 */
export function commandSpan(command: string): string {
  return inlineCode(breakCommentDelimiters(normalizeText(command)));
}

/** `body` on one line between enough backticks that none inside closes the span; pipes escaped for tables. */
function inlineCode(text: string): string {
  const body = text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
  const ticks = '`'.repeat(longestRun(body, '`') + 1);
  const pad = body.startsWith('`') || body.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${body}${pad}${ticks}`;
}

/** Only http(s) URLs become links; anything else (javascript:, data:) is dropped. */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    return parsed.href.replace(
      /[()<>\s"'`|]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
    );
  } catch {
    return null;
  }
}

/** Quotes a shell word only when it needs it (same rule as the CLI). */
export function shellQuote(text: string): string {
  return /^[\w./@:+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

function safeCut(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return at > 0 && code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

/** Keeps the first `maxChars` characters, saying how much was cut. */
export function clipHead(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = safeCut(text, Math.max(0, Math.floor(maxChars)));
  return `${text.slice(0, cut)}… [truncated ${text.length - cut} chars]`;
}

/** Keeps the last `maxChars` characters (the end of an output is where the error is). */
export function clipTail(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let start = safeCut(text, text.length - Math.max(0, Math.floor(maxChars)));
  const newline = text.indexOf('\n', start);
  if (newline !== -1 && newline - start < 200 && newline + 1 < text.length) start = newline + 1;
  return `[… ${start} earlier chars truncated]\n${text.slice(start)}`;
}
