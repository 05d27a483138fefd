/**
 * Text the judged party wrote (a reviewer's finding and its location, a check's output, a file
 * name) as lines of a terminal or a CI log (docs/security.md, "Logs"). Two things read those lines
 * besides the person:
 *
 * - a terminal, which obeys escape sequences: `ESC[8m` hides everything printed after it (the real
 *   verdict), `ESC[1A` rewrites an earlier line, OSC 52 writes the clipboard;
 * - the GitHub Actions runner, which takes a line that starts with `::` (after blanks) as a
 *   workflow command, and a line that holds `##[` anywhere as one of the older form
 *   (`##[add-mask]VERDICT`, `##[stop-commands]…`, `##[set-output name=…;]…`). The runner also
 *   ends a line at a lone carriage return.
 *
 * Control characters are shown as marks (`⟦U+001B⟧`), bidi controls too (hidden-text.ts), and both
 * command forms get a zero-width joiner between their two marks: readable, but no command.
 */
import { MARK_CLOSE, MARK_OPEN, markBidi } from './hidden-text.js';

const ZWJ = '\u200D';
const LINE_BREAK = /\r\n?|[\n\u0085\u2028\u2029]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: showing control characters is the point
const CONTROL = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/g;

/**
 * `text` as ONE inert line: line breaks inside it shown as ` ⏎ ` (so a value cannot start a line
 * of its own, such as a fake `VERDICT: PASS`), other controls as marks, workflow commands broken.
 */
export function logLine(text: string): string {
  return inertCommands(markControls(markBidi(text.replace(LINE_BREAK, ' ⏎ '))));
}

/**
 * `text` as inert lines: its line breaks kept (a carriage return or a Unicode separator becomes a
 * newline, which is where the runner ends the line anyway), every line as {@link logLine} makes it.
 */
export function logLines(text: string): string {
  return text
    .split(LINE_BREAK)
    .map((line) => logLine(line))
    .join('\n');
}

function markControls(text: string): string {
  return text.replace(
    CONTROL,
    (ch) => `${MARK_OPEN}U+${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}${MARK_CLOSE}`,
  );
}

/** Breaks `##[` anywhere and a leading `::` (after blanks) with a zero-width joiner. */
function inertCommands(line: string): string {
  return line.replace(/##\[/g, `#${ZWJ}#[`).replace(/^(\s*):(?=:)/, `$1:${ZWJ}`);
}
