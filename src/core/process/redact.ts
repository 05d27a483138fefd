/** Env var names whose values are treated as secrets wherever text leaves the process. */
export const SECRET_NAME_PATTERN = /(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|PRIVATE)/i;

const MIN_SECRET_LENGTH = 8;
/** An encoded fragment shorter than this is not searched for (too many accidental matches). */
const MIN_FRAGMENT_LENGTH = 8;

/** What a secret scan found, by kind (counts only: never the secret). */
export type RedactionCounts = Record<string, number>;

export interface SecretScan {
  text: string;
  counts: RedactionCounts;
  /**
   * The environment variables whose values (in any form) were removed, sorted: names are not
   * secret, and a message that names one says what to change (a variable named like a secret that
   * holds a common word, `POSTGRES_PASSWORD=postgres`, otherwise failed a run naming nothing).
   */
  sources?: string[];
}

/**
 * Turns text that is about to leave the harness (for a model, the journal, a bundle) into text
 * without secrets. A redactor built by {@link secretRedactor} also has `scan`, which reports what it
 * replaced so the signed entry can say so (see docs/security.md, "Evidence hygiene").
 */
export type Redactor = ((text: string) => string) & {
  scan?: (text: string, cut?: WindowCut) => SecretScan;
};

/**
 * Where a text is a window cut out of a longer stream (the first bytes of a check's output kept up to
 * the capture limit, the last 4 KiB shown as its tail): a secret the cut went through is only partly
 * in the window, and no whole-value match finds the part. `start`: the text begins mid-stream;
 * `end`: it ends mid-stream.
 */
export interface WindowCut {
  start?: boolean;
  end?: boolean;
}

/** A secret's part at a cut shorter than this stays (too many accidental matches, too little to use). */
const MIN_EDGE_LENGTH = 4;

/** Known formats whose beginning names them: the part before a cut at the window's end. */
const KNOWN_PREFIXES_AT_END: ReadonlyArray<{ kind: string; pattern: RegExp }> = [
  { kind: 'github_token', pattern: /\bgithub_pat_[A-Za-z0-9_]*$/ },
  { kind: 'github_token', pattern: /\bgh[pousr]_[A-Za-z0-9]*$/ },
  { kind: 'aws_access_key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{0,15}$/ },
];

/** Known credential formats, found whether or not the run knows the value. */
const KNOWN_FORMATS: ReadonlyArray<{ kind: string; pattern: RegExp }> = [
  { kind: 'private_key_block', pattern: privateKeyBlock() },
  { kind: 'github_token', pattern: /\bgithub_pat_[A-Za-z0-9_]{22,}/g },
  { kind: 'github_token', pattern: /\bgh[pousr]_[A-Za-z0-9]{36,}/g },
  { kind: 'aws_access_key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  // A Truss signing seed: base64 of 32 bytes after a TRUSS_*KEY name, or alone on its line (a key file).
  // The name is matched forwards and kept (group `keep`), not a lookbehind: a lookbehind is tried at
  // every position and scanned its `\s*` back over a run of blanks each time, so output of spaces took
  // quadratic time on the harness's thread (400 KB: a minute).
  {
    kind: 'truss_seed',
    pattern: /(?<keep>\bTRUSS_[A-Z_]*KEY["']?\s*[=:]\s*["']?)[A-Za-z0-9+/]{43}=/g,
  },
  { kind: 'truss_seed', pattern: /^[+\- \t]*[A-Za-z0-9+/]{43}=[ \t]*\r?$/gm },
];

/**
 * Whether `text` holds a mark a {@link secretRedactor} leaves. A recorded executor diff that holds one
 * is no longer the work: the clean room says so instead of blaming the working copy
 * (docs/security.md, "Key theft from the attacker's seat").
 */
export function holdsRedactionMark(text: string): boolean {
  return /\[REDACTED(?::[a-z_]+)?\]/.test(text);
}

/**
 * Whether a redaction kind stands for a value this run itself holds (its signing key, a token, a
 * provider API key; raw or encoded) rather than a credential's shape. Such a value is never part of
 * legitimate work, while a shape can match a public value too (an Ed25519 public key has a seed's).
 */
export function isRunSecretKind(kind: string): boolean {
  return kind === 'run_secret' || kind.startsWith('run_secret_');
}

/** Whether `text` holds a mark {@link secretRedactor} leaves for a value of the run ({@link isRunSecretKind}). */
export function holdsRunSecretMark(text: string): boolean {
  return /\[REDACTED(?::run_secret_[a-z]+)?\]/.test(text);
}

/**
 * A PEM private-key block: its BEGIN line, then only what a key's body can be — lines of base64 (one
 * run per line, indented or with a diff's `+`/`-` in front, or joined by `\\n` escapes as in JSON),
 * `Proc-Type:`/`DEK-Info:` headers — up to its END line, or to the end of the text when the rest is
 * all body (output cut short). Anything else ends the match, so the block is not redacted: the
 * pattern used to take everything up to an END line or the end of the text, so an author put a BEGIN
 * line before the part of a change (a command, a hunk of the reviewers' diff) to hide, and reviewers
 * and approvers saw `[REDACTED:private_key_block]` in its place.
 */
function privateKeyBlock(): RegExp {
  const label = '-----(?:BEGIN|END) (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----';
  const begin = label.replace('(?:BEGIN|END)', 'BEGIN');
  const end = label.replace('(?:BEGIN|END)', 'END');
  // A line break (real, with an optional diff marker and indentation; or a JSON `\n` escape).
  const br = String.raw`(?:\r?\n-?[ \t]*|\\r\\n|\\n)`;
  // A body line: one base64 run or a header, then trailing blanks (a blank line is a bare break).
  const line = String.raw`(?:(?:[A-Za-z0-9+/=]+|\+?(?:Proc-Type|DEK-Info):[ \t]*[A-Za-z0-9,-]+)[ \t]*)`;
  // Every character is taken one way only, so a long text that is not a key cannot make it backtrack.
  return new RegExp(String.raw`${begin}[ \t]*(?:${br}${line}?)*?(?:${br}\+?${end}|$)`, 'g');
}

interface Needle {
  kind: string;
  value: string;
  /** The environment variables holding the secret this needle is a form of (none for extra secrets). */
  names: readonly string[];
}

/**
 * Builds the redactor for a run: the secret values present in `env` (names matching
 * {@link SECRET_NAME_PATTERN}) and `extraSecrets` (e.g. the signing seed read from a key file) are
 * removed in raw, base64 (every alignment, standard and URL-safe), hex, URL-encoded and reversed
 * form, and known credential formats (GitHub tokens, AWS access key ids, PEM private key blocks,
 * Truss seeds) are removed whatever their value. Defence in depth: checks run with a scrubbed
 * environment and providers never echo keys, but nothing journaled may ever hold one, and exact
 * matching alone is beaten by `| base64` or `| rev`.
 */
export function secretRedactor(
  env: Record<string, string | undefined>,
  extraSecrets: readonly string[] = [],
  /** Variables that hold a credential whatever their name says (a contract's `api_key_env`). */
  secretNames: readonly string[] = [],
): Redactor {
  const secrets = new Map<string, string[]>();
  const named = new Set(secretNames);
  // A value pasted with a line break or blanks around it (a secret saved with its trailing newline)
  // is printed without them by most programs (`$(…)`, `.strip()`, an SDK that trims its key): both.
  const add = (value: string, names: readonly string[]) => {
    for (const form of new Set([value, value.trim()]))
      if (form.length >= MIN_SECRET_LENGTH)
        secrets.set(form, [...new Set([...(secrets.get(form) ?? []), ...names])]);
  };
  for (const [name, value] of Object.entries(env)) {
    const secret = SECRET_NAME_PATTERN.test(name) || named.has(name);
    if (secret && typeof value === 'string') add(value, [name]);
  }
  for (const value of extraSecrets) add(value, []);
  const needles = [...secrets].flatMap(([value, names]) =>
    encodings(value).map((needle) => ({ ...needle, names })),
  );
  // Longest first, so a secret that contains another is replaced whole.
  needles.sort((a, b) => b.value.length - a.value.length);

  const scan = (text: string, cut: WindowCut = {}): SecretScan => {
    const counts: RedactionCounts = {};
    const sources = new Set<string>();
    let out = text;
    const mark = (kind: string) => (kind === 'run_secret' ? '[REDACTED]' : `[REDACTED:${kind}]`);
    const tally = (kind: string) => {
      counts[kind] = (counts[kind] ?? 0) + 1;
    };
    for (const needle of needles) {
      if (!out.includes(needle.value)) continue;
      const parts = out.split(needle.value);
      counts[needle.kind] = (counts[needle.kind] ?? 0) + parts.length - 1;
      for (const name of needle.names) sources.add(name);
      out = parts.join(mark(needle.kind));
    }
    const replace = (kind: string, names: readonly string[] = []) => {
      tally(kind);
      for (const name of names) sources.add(name);
      return mark(kind);
    };
    // A secret split by line breaks (`base64` wraps its output at 76 columns), control or zero-width
    // characters (the GitHub surfaces drop the controls, and no reader sees the others) is one word.
    out = splitSecrets(out, needles, replace);
    // A window's edge may hold part of a secret the cut went through: the longest part of any
    // needle found there goes too.
    if (cut.start) out = cutEdge(out, needles, 'start', replace);
    if (cut.end) out = cutEdge(out, needles, 'end', replace);
    for (const { kind, pattern } of KNOWN_FORMATS) {
      pattern.lastIndex = 0;
      if (!pattern.test(out)) continue;
      pattern.lastIndex = 0;
      out = out.replace(pattern, (...match) => {
        // The arguments end (offset, whole text, groups) when the pattern names a group, else (offset, whole text).
        const named = typeof match.at(-1) === 'object';
        const groups = named ? (match.at(-1) as { keep?: string }) : {};
        const found = match[0] as string;
        const keep = groups.keep ?? '';
        const at = (named ? match.at(-3) : match.at(-2)) as number;
        const whole = (named ? match.at(-2) : match.at(-1)) as string;
        return `${keep}${replace(kind)}${lineBreaksOf(found.slice(keep.length), diffMarkerBefore(whole, at + keep.length))}`;
      });
    }
    out = orphanKeyBlocks(out, () => replace('private_key_block'));
    if (cut.end)
      for (const { kind, pattern } of KNOWN_PREFIXES_AT_END)
        out = out.replace(pattern, (found) => (found.length >= MIN_EDGE_LENGTH ? replace(kind) : found));
    return { text: out, counts, ...(sources.size > 0 ? { sources: [...sources].sort() } : {}) };
  };
  const redact = ((text: string) => scan(text).text) as Redactor;
  redact.scan = scan;
  return redact;
}

/**
 * What can split a secret without changing the word a reader sees: line breaks, C0/C1 controls
 * (the GitHub surfaces remove them, joining the parts again), the soft hyphen and zero-width
 * characters. Tabs and spaces are not: those show. A line break takes the diff marker (`+`, `-` or
 * a space) after it along: a secret wrapped over lines (`base64` at 76 columns) in a file of the
 * reviewers' diff, or of the work's recorded diff, has one at the start of each line.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what splits a secret here
const SPLITTERS = /\n[+\- ]?|[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u200B-\u200D\u2060\uFEFF]/g;

/**
 * `text` with every needle that occurs once the {@link SPLITTERS} are taken out replaced, splitters
 * and all, by `replace(kind)`. Runs after the whole-value pass, so only split occurrences are left.
 */
function splitSecrets(
  text: string,
  needles: readonly Needle[],
  replace: (kind: string, names: readonly string[]) => string,
): string {
  if (needles.length === 0) return text;
  const removed: number[] = [];
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(SPLITTERS)) {
    parts.push(text.slice(last, match.index));
    for (let i = 0; i < match[0].length; i++) removed.push(match.index + i);
    last = match.index + match[0].length;
  }
  if (removed.length === 0) return text;
  parts.push(text.slice(last));
  const joined = parts.join('');
  // The index in `text` of the character at `at` in `joined`: `at` plus the splitters before it.
  const original = (at: number) => {
    let lo = 0;
    let hi = removed.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((removed[mid] as number) - mid <= at) lo = mid + 1;
      else hi = mid;
    }
    return at + lo;
  };
  const ranges: Array<{ start: number; end: number; kind: string; names: readonly string[] }> = [];
  for (const needle of needles) {
    for (let at = joined.indexOf(needle.value); at !== -1; at = joined.indexOf(needle.value, at + 1)) {
      const start = original(at);
      const end = original(at + needle.value.length - 1) + 1;
      if (ranges.some((r) => start < r.end && r.start < end)) continue;
      ranges.push({ start, end, kind: needle.kind, names: needle.names });
    }
  }
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a.start - b.start);
  let out = '';
  let from = 0;
  for (const range of ranges) {
    out +=
      text.slice(from, range.start) +
      replace(range.kind, range.names) +
      lineBreaksOf(text.slice(range.start, range.end), diffMarkerBefore(text, range.start));
    from = range.end;
  }
  return out + text.slice(from);
}

/**
 * The line breaks of a redacted `found`, to write after its mark: a secret over several lines (a PEM
 * key block, a base64 value wrapped at 76 columns) replaced by a one-line mark made every later line
 * of the text one line earlier, so a diff's hunks no longer added up, and the reviewers' line numbers
 * and the citations anchored on them were wrong below it (docs/contracts.md "Findings on the lines
 * they are about"). When the secret began after a diff's `+`, `-` or ` ` at the start of its line,
 * each following line keeps that marker if it began with it: nothing of the secret is kept but
 * where its lines broke.
 */
function lineBreaksOf(found: string, marker: string | null): string {
  let out = '';
  for (const line of found.split('\n').slice(1))
    out += `\n${marker !== null && line.startsWith(marker) ? marker : ''}`;
  return out;
}

/** The diff marker (`+`, `-` or a space) right before `at` when it opens its line, else null. */
function diffMarkerBefore(text: string, at: number): string | null {
  const before = text[at - 1];
  if (before === undefined || !'+- '.includes(before)) return null;
  return at === 1 || text[at - 2] === '\n' ? before : null;
}

const KEY_BLOCK_END = /-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g;
const BASE64_LINE = /^[ \t]*[A-Za-z0-9+/=]+[ \t]*\r?$/;

/**
 * The rest of a PEM private key whose BEGIN line is not in the text (a window that starts inside the
 * block, a key printed from its second line): the END line and the base64 lines right above it. A
 * scan from each END line backwards, line by line: no regular expression that could backtrack over
 * a long output.
 */
function orphanKeyBlocks(text: string, replace: () => string): string {
  if (!text.includes('-----END ')) return text;
  let out = '';
  let from = 0;
  // The start of the line holding the match, found moving forwards only: looking back from every
  // match (or testing everything before it on its line) was quadratic in END markers on one line.
  let lineStart = 0;
  let nextBreak = text.indexOf('\n');
  let lastLine = -1;
  KEY_BLOCK_END.lastIndex = 0;
  for (let match = KEY_BLOCK_END.exec(text); match; match = KEY_BLOCK_END.exec(text)) {
    while (nextBreak !== -1 && nextBreak < match.index) {
      lineStart = nextBreak + 1;
      nextBreak = text.indexOf('\n', lineStart);
    }
    // A second END marker on a line has the first before it, which is never key material.
    if (lineStart === lastLine) continue;
    lastLine = lineStart;
    // Only where the END line is key material up to the marker (a window may start inside it) and
    // key lines stand above it: code or prose that merely names the marker stays as written.
    if (lineStart < from || !/^[ \t]*[A-Za-z0-9+/=]*$/.test(text.slice(lineStart, match.index))) continue;
    let start = lineStart;
    while (start > from) {
      const above = text.lastIndexOf('\n', start - 2) + 1;
      if (above < from || !BASE64_LINE.test(text.slice(above, start - 1))) break;
      start = above;
    }
    if (start === lineStart && lineStart === match.index && lineStart > 0) continue;
    out += text.slice(from, start) + replace() + lineBreaksOf(text.slice(start, match.index), null);
    from = match.index + match[0].length;
  }
  return out + text.slice(from);
}

/** `text` without the longest part of any needle at its start (or end): the rest of a cut secret. */
function cutEdge(
  text: string,
  needles: readonly Needle[],
  edge: 'start' | 'end',
  replace: (kind: string, names: readonly string[]) => string,
): string {
  let best: { kind: string; length: number; names: readonly string[] } | null = null;
  for (const needle of needles) {
    for (let n = Math.min(needle.value.length - 1, text.length); n >= MIN_EDGE_LENGTH; n--) {
      if (best !== null && n <= best.length) break;
      const part = edge === 'start' ? needle.value.slice(-n) : needle.value.slice(0, n);
      if (edge === 'start' ? text.startsWith(part) : text.endsWith(part)) {
        best = { kind: needle.kind, length: n, names: needle.names };
        break;
      }
    }
  }
  if (best === null) return text;
  return edge === 'start'
    ? `${replace(best.kind, best.names)}${text.slice(best.length)}`
    : `${text.slice(0, text.length - best.length)}${replace(best.kind, best.names)}`;
}

/** The forms a secret can leave a process in after a shell pipeline (`base64`, `xxd -p`, `rev`, …). */
function encodings(secret: string): Array<Omit<Needle, 'names'>> {
  const out: Array<Omit<Needle, 'names'>> = [{ kind: 'run_secret', value: secret }];
  const add = (kind: string, value: string) => {
    if (value.length >= MIN_FRAGMENT_LENGTH && value !== secret) out.push({ kind, value });
  };
  const bytes = Buffer.from(secret, 'utf8');
  // base64 of the secret inside a longer text depends on the alignment of its first byte; for each
  // of the three alignments, the complete 4-character groups that only secret bytes determine.
  for (let skip = 0; skip < 3; skip++) {
    const slice = bytes.subarray(skip);
    const whole = Math.floor(slice.length / 3) * 3;
    const encoded = slice.subarray(0, whole).toString('base64');
    add('run_secret_base64', encoded);
    add('run_secret_base64', encoded.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  const hex = bytes.toString('hex');
  add('run_secret_hex', hex);
  add('run_secret_hex', hex.toUpperCase());
  add('run_secret_url', encodeURIComponent(secret));
  add('run_secret_url', encodeURIComponent(secret).replace(/%20/g, '+'));
  // RFC 3986 encoders (`curl --data-urlencode`, Python's `quote_plus`) also encode `!'()*`, which
  // encodeURIComponent leaves: `Pa55word!2024` left their output as `Pa55word%212024`.
  const strict = encodeURIComponent(secret).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  add('run_secret_url', strict);
  add('run_secret_url', strict.replace(/%20/g, '+'));
  add('run_secret_reversed', [...secret].reverse().join(''));
  for (const form of jsonForms(secret)) add('run_secret_json', form);
  // A stream is scanned as bytes, one character per byte ({@link redactBytes}): a form with
  // characters outside ASCII is there as its UTF-8 bytes read that way, which the form itself never
  // matched, so a check's full output kept such a secret in clear in ledger.db.
  for (const { kind, value } of [...out])
    if (/[\u0080-\uffff]/.test(value))
      out.push({ kind, value: Buffer.from(value, 'utf8').toString('latin1') });
  return out;
}

/**
 * The secret inside a JSON string as serializers write it: `"`, `\` and control characters escaped,
 * then characters outside ASCII as `\u00fc` escapes (Python's `json.dumps`, `jq -a`; lower- and
 * upper-case hex) and `/` as `\/` too (PHP's `json_encode`), or `<`, `>`, `&` as `\u003c`… (Go's
 * `encoding/json`) (docs/security.md, "The secret scan").
 */
function jsonForms(secret: string): string[] {
  const u = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  const escaped = JSON.stringify(secret).slice(1, -1);
  const ascii = escaped.replace(/[\u0080-\uffff]/g, u);
  return [
    escaped,
    ascii,
    ascii.replace(/\\u([0-9a-f]{4})/g, (_, h: string) => `\\u${h.toUpperCase()}`),
    ascii.replace(/\//g, '\\/'),
    escaped.replace(/[<>&\u2028\u2029]/g, u),
  ];
}

/**
 * A redactor that remembers what it removed: `counts()` returns the totals since the last call and
 * resets them, so each signed entry records how many secrets of each kind its own text had.
 */
export function tallyingRedactor(redact: Redactor): { redact: Redactor; counts(): RedactionCounts } {
  let counts: RedactionCounts = {};
  const scan = (text: string, cut?: WindowCut): SecretScan => {
    if (!redact.scan) return { text: redact(text), counts: {} };
    const result = redact.scan(text, cut);
    for (const [kind, n] of Object.entries(result.counts)) counts[kind] = (counts[kind] ?? 0) + n;
    return result;
  };
  const wrapped = ((text: string) => scan(text).text) as Redactor;
  wrapped.scan = scan;
  return {
    redact: wrapped,
    counts() {
      const taken = counts;
      counts = {};
      return taken;
    },
  };
}

/** `{redactions: counts}` when something was redacted, else nothing (entries stay as they were). */
export function redactionField(counts: RedactionCounts): { redactions?: RedactionCounts } {
  return Object.keys(counts).length > 0 ? { redactions: counts } : {};
}

/** `redact(text)`, where `text` is a window cut out of a longer stream (see {@link WindowCut}). */
export function redactWindow(redact: Redactor, text: string, cut: WindowCut): string {
  return redact.scan ? redact.scan(text, cut).text : redact(text);
}

/** Applies a redactor to raw bytes; secrets are ASCII in practice, so a latin1 round trip keeps other bytes intact. */
export function redactBytes(bytes: Buffer, redact: Redactor, cut: WindowCut = {}): Buffer {
  const text = bytes.toString('latin1');
  const redacted = redactWindow(redact, text, cut);
  return redacted === text ? bytes : Buffer.from(redacted, 'latin1');
}
