/** One `name = value` of a git config file: the name as git canonicalises it, the value unquoted (null: no `=`). */
export interface GitConfigEntry {
  name: string;
  value: string | null;
}

/** What a config file said before the end or the first line git itself would reject. */
export interface ParsedGitConfig {
  entries: GitConfigEntry[];
  /** Git rejects the file here (it then reads no config at all and fails); what came before is kept. */
  malformed: boolean;
}

/** How one git version reads values. */
export interface GitConfigDialect {
  /**
   * Whitespace inside an unquoted value reads as plain blanks (a tab as a space), as git before 2.45
   * reads it; later versions keep each character as written.
   */
  spacesAsBlanks?: boolean;
}

const BOM = '\u00ef\u00bb\u00bf';
// Git's own character classes (git-compat-util.h, ctype.c): ASCII only; \v and \f are no spaces.
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isAlpha = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isKeyChar = (c: string) => isAlpha(c) || (c >= '0' && c <= '9') || c === '-';

/**
 * The entries of a git config file, read by a port of git's own parser (config.c,
 * `git_parse_source`) rather than by lines and patterns: what decides which files git includes —
 * and so which commands it may run — must be read exactly as git reads it. `[include]path=x` on one
 * line, `[Include]`, a `PATH` key, quoted and escaped values, a `\` continuing a value on the next
 * line, comments after `#` or `;` outside quotes, CRLF line ends and a UTF-8 byte order mark are all
 * git's grammar, and each of them, missed, would be an include never checked. `text` is the file's
 * bytes as latin1 (one character per byte, as git reads them); values come back the same way. The
 * harness does not know which git reads the file next, so its callers read it in both dialects.
 */
export function parseGitConfig(text: string, options: GitConfigDialect = {}): ParsedGitConfig {
  const entries: GitConfigEntry[] = [];
  let at = 0;
  let eof = false;
  // git's get_next_char: CRLF reads as LF; the end of the text reads as one last LF.
  const next = (): string => {
    if (at >= text.length) {
      eof = true;
      return '\n';
    }
    const c = text[at++] as string;
    if (c === '\r' && text[at] === '\n') {
      at++;
      return '\n';
    }
    return c;
  };
  const value = (): string | null => {
    let out = '';
    let quote = false;
    let comment = false;
    let trimTo = 0;
    for (;;) {
      let c = next();
      if (c === '\n') {
        if (quote) return null;
        return trimTo ? out.slice(0, trimTo) : out;
      }
      if (comment) continue;
      if (isSpace(c) && !quote) {
        if (!trimTo) trimTo = out.length;
        if (out.length) out += options.spacesAsBlanks ? ' ' : c;
        continue;
      }
      if (!quote && (c === ';' || c === '#')) {
        comment = true;
        continue;
      }
      trimTo = 0;
      if (c === '\\') {
        c = next();
        if (c === '\n') continue;
        if (c === 't') c = '\t';
        else if (c === 'b') c = '\b';
        else if (c === 'n') c = '\n';
        else if (c !== '\\' && c !== '"') return null;
        out += c;
        continue;
      }
      if (c === '"') {
        quote = !quote;
        continue;
      }
      out += c;
    }
  };
  // `[section]`, `[section.legacy]` (lower-cased) or `[section "sub"]` (as written); null: malformed.
  const section = (): string | null => {
    let name = '';
    for (;;) {
      let c = next();
      if (eof) return null;
      if (c === ']') return name;
      if (isSpace(c)) {
        while (isSpace(c)) {
          if (c === '\n') return null;
          c = next();
        }
        if (c !== '"') return null;
        name += '.';
        for (;;) {
          c = next();
          if (c === '\n') return null;
          if (c === '"') break;
          if (c === '\\') {
            c = next();
            if (c === '\n') return null;
          }
          name += c;
        }
        return next() === ']' ? name : null;
      }
      if (!isKeyChar(c) && c !== '.') return null;
      name += c.toLowerCase();
    }
  };
  if (text.startsWith(BOM)) at = BOM.length;
  let stem = '';
  let comment = false;
  for (;;) {
    let c = next();
    if (c === '\n') {
      if (eof) return { entries, malformed: false };
      comment = false;
      continue;
    }
    if (comment || isSpace(c)) continue;
    if (c === '#' || c === ';') {
      comment = true;
      continue;
    }
    if (c === '[') {
      const name = section();
      if (name === null || name.length === 0) return { entries, malformed: true };
      stem = `${name}.`;
      continue;
    }
    if (!isAlpha(c)) return { entries, malformed: true };
    let name = stem + c.toLowerCase();
    for (;;) {
      c = next();
      if (eof || !isKeyChar(c)) break;
      name += c.toLowerCase();
    }
    while (c === ' ' || c === '\t') c = next();
    if (c === '\n') {
      entries.push({ name, value: null });
      if (eof) return { entries, malformed: false };
      continue;
    }
    if (c !== '=') return { entries, malformed: true };
    const read = value();
    if (read === null) return { entries, malformed: true };
    entries.push({ name, value: read });
    if (eof) return { entries, malformed: false };
  }
}

/**
 * Whether git takes the config variable `name` (canonical: section and key lower-cased) as an
 * include: `include.path`, or `includeIf.<condition>.path` with any condition (never evaluated here:
 * a file git might read is a file to check). `include.<x>.path` and a bare `includeIf.path` are not.
 */
export function isIncludeName(name: string): boolean {
  if (name === 'include.path') return true;
  const first = name.indexOf('.');
  const last = name.lastIndexOf('.');
  return name.slice(0, first) === 'includeif' && last > first && name.slice(last + 1) === 'path';
}
