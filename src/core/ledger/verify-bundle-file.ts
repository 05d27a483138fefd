import { randomBytes } from 'node:crypto';
import { closeSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import {
  type InputFile,
  MAX_INPUT_FILE_BYTES,
  openInputFile,
  readInputFile,
  readWholeInput,
} from '../input-file.js';
import { cannotRead } from '../read-failure.js';
import {
  BUNDLE_TEXT_RULES,
  type Bundle,
  type BundleLedgerHeader,
  BundleLedgerVerifier,
  finishBundle,
  parseBundle,
  type VerifyOptions,
  verifyBundle,
} from './bundle.js';
import { BundleFormatError } from './errors.js';
import { findJsonStructureProblem, MAX_BUNDLE_DEPTH } from './json-structure.js';
import { MAX_PAYLOAD_BYTES } from './store-append.js';
import type { VerifyReport } from './verify-report.js';

/** Bundles read whole (not in the exporter's one-entry-per-line layout) above this size are refused. */
export const MAX_WHOLE_BUNDLE_BYTES = MAX_INPUT_FILE_BYTES;

/** How a bundle file was read: streamed entry by entry, or parsed as one document. */
export type BundleFileLayout = 'streamed' | 'whole_file';

export interface VerifyFileOptions extends VerifyOptions {
  /** Bytes per read (default 1 MiB); tests use a tiny size to split lines and characters across reads. */
  chunkSize?: number;
  /** Refuse files above this many bytes that have to be read whole (default 512 MiB). */
  maxWholeFileBytes?: number;
  /** Told which way the file was read and, for `whole_file`, why streaming did not apply. */
  onLayout?: (layout: BundleFileLayout, reason?: string) => void;
}

const DEFAULT_CHUNK_BYTES = 1 << 20;
/** The header (schema_version and the ledger's own fields) is a few hundred bytes; more means another layout. */
const MAX_HEADER_CHARS = 1 << 20;
const ENTRIES_OPEN = '"entries":[';
/**
 * What an entry line holds besides its payload: `{"seq":…,"kind":…,"payload":` and the two hashes
 * and the signature with their keys come to about 420 characters (a 16-digit seq, a 64-character
 * kind); the rest is headroom.
 */
const ENTRY_ENVELOPE_CHARS = 4096;
/**
 * The longest entry line the exporter writes. A payload is at most MAX_PAYLOAD_BYTES of canonical
 * JSON (the store refuses more) and is written as that text, whose length in UTF-16 code units is
 * never more than its UTF-8 bytes. A longer line is not the exporter's: streaming stops before
 * holding it and the file is read whole instead, within maxWholeFileBytes like any other layout,
 * so the answer is the whole-file one whatever the line holds (padding, escapes, a huge payload).
 */
export const MAX_ENTRY_LINE_CHARS = MAX_PAYLOAD_BYTES + ENTRY_ENVELOPE_CHARS;

/** Internal: the file is not in the exporter's layout, so it is read whole instead. */
class NotStreamable extends Error {}

/**
 * Verifies a bundle file the way `verifyBundle(parseBundle(readFileSync(path, 'utf8'), path))` does,
 * with the same report, failure codes, seqs and messages, and the same BundleFormatError for input that
 * is not a bundle; but without holding the file or its entries in memory.
 *
 * `writeBundle` writes a fixed layout: a header ending in `"entries":[`, one entry object per line
 * (`{…},` and a last `{…}`), then a line starting with `]` that carries the rest of the document
 * (`],"child_sessions":[…`, the views, `offline_verification`). For that layout the top-level entries
 * are read in chunks, split on newlines, parsed one at a time and fed to the chain verifier. The rest
 * (header, an unguessable placeholder in place of the entries, and the tail) is parsed as one small
 * document through `parseBundle`; child sessions and views come from it and go through the same code as
 * `verifyBundle`. The placeholder must come back as the only element of `ledger.entries` and the ledger
 * fields must equal those streaming started with, which proves the streamed lines were exactly the
 * entries a full parse would see (no duplicate keys or other tricks in between).
 *
 * Anything else (pretty-printed, minified by another tool, hand-edited, not JSON at all) is read whole
 * and goes through parseBundle + verifyBundle, so errors keep their line:col. What is held in memory
 * is bounded either way: the whole-file read by maxWholeFileBytes (512 MiB); streaming by the header
 * limit, one entry line of at most MAX_ENTRY_LINE_CHARS (or maxWholeFileBytes when lower), and the
 * tail (child sessions, views, blobs, parsed whole with the header) by maxWholeFileBytes. A line or
 * tail past its bound is not the exporter's layout, so the file is read whole instead and both paths
 * still give the same answer (above the whole-file limit, the same BundleFormatError).
 */
export function verifyBundleFile(path: string, options: VerifyFileOptions): VerifyReport {
  try {
    return verifyOpenedFile(path, options);
  } catch (error) {
    throw tooLongForMemory(path, error) ?? error;
  }
}

/**
 * A string past V8's length limit (RangeError "Invalid string length", or Buffer#toString's
 * ERR_STRING_TOO_LONG) while reading or verifying is input too large for memory, not a bug: it
 * becomes the BundleFormatError every other unreadable bundle gives (exit 3), not an unexpected error.
 */
export function tooLongForMemory(path: string, error: unknown): BundleFormatError | null {
  const tooLong =
    error instanceof RangeError || (error as NodeJS.ErrnoException | null)?.code === 'ERR_STRING_TOO_LONG';
  if (!tooLong) return null;
  return new BundleFormatError(
    `${path} is too large to verify in memory (${(error as Error).message}); export it again with \`truss ledger export\``,
  );
}

function verifyOpenedFile(path: string, options: VerifyFileOptions): VerifyReport {
  // Never waits on a FIFO nobody writes to, and refuses a directory, device or socket at once
  // (docs/cli.md "Input files").
  const input = openInput(path);
  try {
    const limit = options.maxWholeFileBytes ?? MAX_WHOLE_BUNDLE_BYTES;
    // A pipe (`truss verify /dev/stdin`) cannot be read twice, so it is read whole from the start.
    if (!input.seekable) {
      options.onLayout?.('whole_file', 'not a regular file');
      return verifyBundle(parseBundle(readWhole(input, path, limit), path), options);
    }
    let reason: string;
    try {
      const report = streamVerify(input, path, options);
      options.onLayout?.('streamed');
      return report;
    } catch (error) {
      if (!(error instanceof NotStreamable)) throw error;
      reason = error.message;
    }
    options.onLayout?.('whole_file', reason);
    if (input.stats.size > limit) throw tooLarge(path, input.stats.size, limit, reason);
    return verifyBundle(parseBundle(readWhole(input, path, limit), path), options);
  } finally {
    closeSync(input.fd);
  }
}

function openInput(path: string, next = NEXT_STEP): InputFile {
  try {
    return openInputFile(path);
  } catch (error) {
    throw unreadable(path, error, next);
  }
}

function tooLarge(path: string, size: number, limit: number, reason: string): BundleFormatError {
  return new BundleFormatError(
    `${path} is ${Math.round(size / 2 ** 20)} MiB and not laid out one entry per line as \`truss ledger export\` writes it (${reason}); such bundles above ${Math.round(limit / 2 ** 20)} MiB are refused`,
  );
}

const NEXT_STEP = 'pass the bundle JSON that `truss run` or `truss ledger export` wrote';

function unreadable(path: string, error: unknown, next = NEXT_STEP): BundleFormatError {
  return new BundleFormatError(`${cannotRead(path, error)}; ${next}`);
}

/** Reads at `position` (a regular file), or on from where a pipe is. */
function readChunk(input: InputFile, path: string, buffer: Buffer, position: number): number {
  try {
    return readInputFile(input, buffer, position);
  } catch (error) {
    throw unreadable(path, error);
  }
}

/**
 * A bundle file's bytes, for the commands that need it whole (`truss report`, `truss attest`, `truss
 * verify-attestation --bundle`): bounded, and refused with the same BundleFormatError as the
 * whole-file read of verifyBundleFile, so a file larger than `limit`, or a device or pipe that never
 * ends, is refused before it fills memory (docs/cli.md "truss verify").
 */
export function readBundleFileBytes(path: string, options: { limit?: number; next?: string } = {}): Buffer {
  const limit = options.limit ?? MAX_WHOLE_BUNDLE_BYTES;
  const next = options.next ?? NEXT_STEP;
  const input = openInput(path, next);
  try {
    return readWholeBytes(input, path, limit, next);
  } finally {
    closeSync(input.fd);
  }
}

function overLimit(path: string, limit: number): BundleFormatError {
  return new BundleFormatError(
    `${path} holds more than ${Math.round(limit / 2 ** 20)} MiB; bundles read whole above that are refused`,
  );
}

/**
 * The whole file as text, decoded exactly as `readFileSync(path, 'utf8')` does: from the start of a
 * regular file, else from where the pipe is. Stops with an error past `limit` bytes.
 */
function readWhole(input: InputFile, path: string, limit: number): string {
  return readWholeBytes(input, path, limit).toString('utf8');
}

function readWholeBytes(input: InputFile, path: string, limit: number, next = NEXT_STEP): Buffer {
  try {
    return readWholeInput(input, limit, () => overLimit(path, limit));
  } catch (error) {
    if (error instanceof BundleFormatError || error instanceof RangeError) throw error;
    throw unreadable(path, error, next);
  }
}

function streamVerify(input: InputFile, path: string, options: VerifyFileOptions): VerifyReport {
  const chunkSize = Math.max(1, Math.floor(options.chunkSize ?? DEFAULT_CHUNK_BYTES));
  const buffer = Buffer.allocUnsafe(chunkSize);
  const decoder = new StringDecoder('utf8');
  const scanner = new LayoutScanner(options, options.maxWholeFileBytes ?? MAX_WHOLE_BUNDLE_BYTES);
  let position = 0;
  for (;;) {
    const n = readChunk(input, path, buffer, position);
    if (n === 0) break;
    position += n;
    scanner.feed(decoder.write(n === chunkSize ? buffer : buffer.subarray(0, n)));
  }
  scanner.feed(decoder.end());
  return scanner.finish(path);
}

/** Reads the exporter's layout line by line; throws NotStreamable as soon as the text departs from it. */
class LayoutScanner {
  #state: 'header' | 'entries' | 'tail' = 'header';
  readonly #header: string[] = [];
  #headerChars = 0;
  /** Pieces of a line that spans chunks, and their length. */
  readonly #pending: string[] = [];
  #pendingChars = 0;
  readonly #tail: string[] = [];
  /** Line number (1-based) of the line being looked at, for NotStreamable reasons. */
  #line = 0;
  #entries = 0;
  /** The previous entry line ended with a comma, so another entry must follow. */
  #comma = false;
  #ledger: BundleLedgerHeader | undefined;
  #verifier: BundleLedgerVerifier | undefined;

  /** Characters after the closing `]` held so far. */
  #tailChars = 0;
  /** The longest entry line held: MAX_ENTRY_LINE_CHARS, or the whole-file limit when that is lower. */
  readonly #maxLineChars: number;

  /**
   * `maxWholeChars` is the whole-file limit: an entry line and the tail are each parsed whole, so
   * neither may be longer than what the whole-file path would read.
   */
  constructor(
    private readonly options: VerifyOptions,
    private readonly maxWholeChars: number,
  ) {
    this.#maxLineChars = Math.min(MAX_ENTRY_LINE_CHARS, maxWholeChars);
  }

  feed(text: string): void {
    let start = 0;
    while (this.#state !== 'tail') {
      const newline = text.indexOf('\n', start);
      if (newline === -1) break;
      let line = text.slice(start, newline + 1);
      if (this.#pending.length > 0) {
        this.#pending.push(line);
        line = this.#pending.join('');
        this.#pending.length = 0;
        this.#pendingChars = 0;
      }
      start = newline + 1;
      this.#onLine(line);
    }
    if (start >= text.length) return;
    const rest = start === 0 ? text : text.slice(start);
    if (this.#state === 'tail') {
      this.#pushTail(rest);
      return;
    }
    this.#pending.push(rest);
    this.#pendingChars += rest.length;
    if (this.#state === 'header' && this.#headerChars + this.#pendingChars > MAX_HEADER_CHARS) {
      throw new NotStreamable(
        `no line ending in ${ENTRIES_OPEN} within the first ${MAX_HEADER_CHARS} characters`,
      );
    }
    if (this.#state === 'entries' && this.#pendingChars > this.#maxLineChars)
      throw lineTooLong(this.#line + 1, this.#maxLineChars);
  }

  #pushTail(text: string): void {
    this.#tailChars += text.length;
    if (this.#tailChars > this.maxWholeChars) {
      throw new NotStreamable(
        `what follows the entries is more than ${Math.round(this.maxWholeChars / 2 ** 20)} MiB, the limit for what is parsed whole`,
      );
    }
    this.#tail.push(text);
  }

  /** `raw` includes its '\n' (the last line of a file may lack one). */
  #onLine(raw: string): void {
    this.#line++;
    let end = raw.length;
    if (raw.charCodeAt(end - 1) === 0x0a) end--;
    if (raw.charCodeAt(end - 1) === 0x0d) end--;
    const line = end === raw.length ? raw : raw.slice(0, end);
    if (this.#state === 'header') {
      this.#onHeaderLine(raw, line);
      return;
    }
    const first = line.charCodeAt(0);
    if (first === 0x7b /* { */) {
      this.#onEntryLine(line);
    } else if (first === 0x5d /* ] */) {
      if (this.#comma) throw new NotStreamable(`line ${this.#line}: the entry before it ends with a comma`);
      this.#state = 'tail';
      this.#pushTail(raw);
    } else {
      throw new NotStreamable(
        `line ${this.#line} starts neither an entry ({) nor the end of the entries (])`,
      );
    }
  }

  #onHeaderLine(raw: string, line: string): void {
    this.#header.push(raw);
    this.#headerChars += raw.length;
    if (this.#headerChars > MAX_HEADER_CHARS) {
      throw new NotStreamable(
        `no line ending in ${ENTRIES_OPEN} within the first ${MAX_HEADER_CHARS} characters`,
      );
    }
    if (!line.endsWith(ENTRIES_OPEN)) return;
    // The header closed with an empty entry list must be a bundle on its own: that gives the key
    // streaming verifies against. Whether it is the real one is settled in finish().
    let bundle: Bundle;
    try {
      bundle = parseBundle(`${this.#header.join('')}]}}`, 'header');
    } catch (error) {
      throw new NotStreamable(`the header does not read as a bundle (${(error as Error).message})`);
    }
    this.#ledger = ledgerHeader(bundle);
    this.#verifier = new BundleLedgerVerifier(this.#ledger, this.options);
    this.#state = 'entries';
  }

  #onEntryLine(line: string): void {
    if (line.length > this.#maxLineChars) throw lineTooLong(this.#line, this.#maxLineChars);
    if (this.#entries > 0 && !this.#comma) {
      throw new NotStreamable(`line ${this.#line}: the entry before it does not end with a comma`);
    }
    this.#comma = line.charCodeAt(line.length - 1) === 0x2c; /* , */
    let entry: unknown;
    const text = this.#comma ? line.slice(0, -1) : line;
    try {
      entry = JSON.parse(text);
    } catch {
      throw new NotStreamable(`line ${this.#line} is not one complete JSON entry`);
    }
    // An entry sits 3 levels down (bundle, ledger, entries). A repeated key, deeper nesting or 1e400 is
    // reported by the whole-file parse, with its line and column, as for every other reader.
    if (findJsonStructureProblem(text, MAX_BUNDLE_DEPTH - 3, BUNDLE_TEXT_RULES)) {
      throw new NotStreamable(
        `line ${this.#line} repeats a key, nests too deep or holds a number past a double`,
      );
    }
    this.#entries++;
    // A failed chain ignores later entries, but every line is still parsed: a syntax error anywhere
    // must give the same BundleFormatError as a whole-file parse.
    const verifier = this.#verifier as BundleLedgerVerifier;
    if (!verifier.failed) verifier.push(entry);
  }

  finish(path: string): VerifyReport {
    if (this.#pending.length > 0) {
      const last = this.#pending.join('');
      this.#pending.length = 0;
      this.#pendingChars = 0;
      this.#onLine(last);
    }
    if (this.#state === 'header') throw new NotStreamable(`no line ends in ${ENTRIES_OPEN}`);
    if (this.#state === 'entries') throw new NotStreamable('the file ends inside the entries');
    const placeholder = `truss-streamed-entries-${randomBytes(16).toString('hex')}`;
    // One flat copy of the small document (the tail holds the views, a few MB for 100k entries).
    const text = [...this.#header, JSON.stringify(placeholder), ...this.#tail].join('');
    this.#tail.length = 0;
    let skeleton: Bundle;
    try {
      skeleton = parseBundle(text, path);
    } catch (error) {
      throw new NotStreamable(
        `the document around the entries does not read as a bundle (${(error as Error).message})`,
      );
    }
    const entries = skeleton.ledger.entries as unknown[];
    if (entries.length !== 1 || entries[0] !== placeholder) {
      throw new NotStreamable('the streamed lines are not the value of ledger.entries (repeated keys?)');
    }
    const ledger = ledgerHeader(skeleton);
    const started = this.#ledger as BundleLedgerHeader;
    for (const field of ['session_id', 'public_key', 'pubkey_id', 'head_hash'] as const) {
      if (ledger[field] !== started[field]) {
        throw new NotStreamable(`ledger.${field} is given again after the entries with another value`);
      }
    }
    const verifier = this.#verifier as BundleLedgerVerifier;
    return finishBundle(skeleton, verifier.finish(skeleton.ledger.child_sessions));
  }
}

function lineTooLong(line: number, max: number): NotStreamable {
  const why =
    max === MAX_ENTRY_LINE_CHARS ? 'of the longest entry the exporter writes' : 'of the whole-file limit';
  return new NotStreamable(`line ${line} is longer than the ${max} characters ${why}`);
}

function ledgerHeader(bundle: Bundle): BundleLedgerHeader {
  const { session_id, public_key, pubkey_id, head_hash } = bundle.ledger;
  return { session_id, public_key, pubkey_id, head_hash };
}
