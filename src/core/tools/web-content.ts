/** Named HTML entities the text extraction decodes (the rest are left as written). */
const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Content types read as text (besides `text/*`). */
const TEXT_TYPES =
  /^(application\/(json|xml|javascript|x-ndjson|ld\+json)|[a-z]+\/[a-z0-9.+-]*\+(json|xml))$/;

/**
 * The text the model reads for fetched bytes: HTML reduced to its readable text (scripts, styles and
 * tags removed, entities decoded, one block per line — a small best-effort extractor, not a
 * browser), other text decoded as its charset says, anything else described by size and type.
 * The signed raw_sha256 is of the bytes, not of this text.
 */
export function readableContent(raw: Buffer, contentType: string | null, truncated: boolean): string {
  const [type = '', ...params] = (contentType ?? '').toLowerCase().split(';');
  const mime = type.trim();
  const charset =
    params
      .map((p) => p.trim())
      .find((p) => p.startsWith('charset='))
      ?.slice(8) ?? 'utf-8';
  const isHtml = mime === 'text/html' || mime === 'application/xhtml+xml';
  const isText =
    isHtml || mime.startsWith('text/') || TEXT_TYPES.test(mime) || (mime === '' && looksLikeText(raw));
  if (!isText) return `[${raw.length} bytes of ${mime || 'unknown type'}, not text]`;
  let text: string;
  try {
    text = new TextDecoder(charset.replace(/^"|"$/g, '')).decode(raw);
  } catch {
    text = new TextDecoder('utf-8').decode(raw);
  }
  if (truncated) text = text.replace(/\uFFFD+$/, '');
  return isHtml ? htmlText(text) : text;
}

function looksLikeText(raw: Buffer): boolean {
  return !raw.subarray(0, 1024).includes(0);
}

/** HTML as readable text: what a reader would see, one block per line. */
export function htmlText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|noscript|template|svg|head)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(br|hr)\b[^>]*>/gi, '\n')
    .replace(
      /<\/?(p|div|section|article|header|footer|nav|main|aside|li|ul|ol|tr|table|h[1-6]|pre|blockquote|dd|dt|dl)\b[^>]*>/gi,
      '\n',
    )
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code.startsWith('#x') || code.startsWith('#X'))
        return safeCodePoint(Number.parseInt(code.slice(2), 16), whole);
      if (code.startsWith('#')) return safeCodePoint(Number.parseInt(code.slice(1), 10), whole);
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\r]+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n')
    .trim();
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}
