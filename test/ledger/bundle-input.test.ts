import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Bundle,
  BundleFormatError,
  createNodeCrypto,
  exportBundleToFile,
  formatBundle,
  LedgerStore,
  MAX_PAYLOAD_BYTES,
  parseBundle,
  verifyBundle,
  verifyBundleFile,
  writeBundle,
} from '../../src/core/ledger/index.js';
import { seededKey, trustedOf } from '../helpers/keys.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { type TempDir, tempDir } from '../helpers/temp-dir.js';

const crypto = createNodeCrypto();
const { key } = seededKey(4);
const trusted = trustedOf(key);
const SOURCE = 'artifacts/truss-ledger.json';
const HINT = 'is this a truss ledger bundle (truss ledger export)?';

let temp: TempDir;
let dbPath: string;
let store: LedgerStore;
let sessionId: string;
/** A valid exported bundle, exactly as `truss ledger export` writes it (one entry per line). */
let bundleText: string;

beforeAll(() => {
  temp = tempDir('bundle-input');
  dbPath = join(temp.dir, 'ledger.db');
  store = LedgerStore.open(dbPath);
  sessionId = appendSampleRun(store, key, { extra: 3 });
  bundleText = '';
  writeBundle(store, sessionId, crypto, (chunk) => {
    bundleText += chunk;
  });
});

afterAll(() => {
  store.close();
  temp.cleanup();
});

/** The error `fn` throws (or undefined). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

/**
 * Runs parseBundle and returns the error it throws, checking it is a one-line BundleFormatError.
 * Also writes the text to a file and checks `verifyBundleFile` (what `truss verify` runs) throws the
 * very same error for it, read in small chunks.
 */
function formatError(text: string): BundleFormatError {
  const file = join(temp.dir, 'input.json');
  writeFileSync(file, text);
  const fromFile = thrown(() => verifyBundleFile(file, { crypto, trusted, chunkSize: 13 }));
  const expected = thrown(() => parseBundle(text, file));
  expect(fromFile).toBeInstanceOf(BundleFormatError);
  expect((fromFile as Error).message).toBe((expected as Error).message);
  let caught: unknown;
  try {
    parseBundle(text, SOURCE);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(BundleFormatError);
  const error = caught as BundleFormatError;
  expect(error.name).toBe('BundleFormatError');
  // Clear for a person: names the file, one line, no stack frames or engine wording leaking in.
  expect(error.message.startsWith(`${SOURCE}: `)).toBe(true);
  expect(error.message).not.toContain('\n');
  expect(error.message).not.toMatch(/\bat (JSON\.parse|Object\.|file:|node:)/);
  expect(error.message).not.toContain('SyntaxError');
  return error;
}

function mutatedBundle(edit: (bundle: Record<string, unknown>) => void): Record<string, unknown> {
  const bundle = JSON.parse(bundleText) as Record<string, unknown>;
  edit(bundle);
  return bundle;
}

function mutated(edit: (bundle: Record<string, unknown>) => void): string {
  return JSON.stringify(mutatedBundle(edit));
}

/** Verifies bundle text in memory and from a file; the two reports must be deep-equal. */
function verifyBothWays(text: string, expectedLayout: 'streamed' | 'whole_file') {
  const file = join(temp.dir, 'both.json');
  writeFileSync(file, text);
  const report = verifyBundle(parseBundle(text, SOURCE), { crypto, trusted });
  let layout: string | undefined;
  const fromFile = verifyBundleFile(file, {
    crypto,
    trusted,
    chunkSize: 29,
    onLayout: (chosen) => {
      layout = chosen;
    },
  });
  expect(layout).toBe(expectedLayout);
  expect(fromFile).toEqual(report);
  return report;
}

function ledgerOf(bundle: Record<string, unknown>): Record<string, unknown> {
  return bundle.ledger as Record<string, unknown>;
}

/** Expected `line:col` (1-based) of a character offset, counted independently of the code under test. */
function lineCol(text: string, offset: number): string {
  const lines = text.slice(0, offset).split('\n');
  return `${lines.length}:${(lines.at(-1) as string).length + 1}`;
}

describe('parseBundle: input that is not a bundle', () => {
  it('the valid export parses (baseline for the cases below)', () => {
    const bundle = parseBundle(bundleText, SOURCE);
    expect(bundle.ledger.entries).toHaveLength(10);
    expect(verifyBundle(bundle, { crypto, trusted }).status).toBe('verified');
  });

  it('an empty file', () => {
    for (const text of ['', '\n', '   \r\n\t']) {
      expect(formatError(text).message).toBe(`${SOURCE}: not valid JSON (the file is empty); ${HINT}`);
    }
  });

  it('JSON truncated inside a string names the line and column where it ends', () => {
    // Cut in the middle of the 6th entry's hash: a partial download or a full disk.
    const entryLine = bundleText.indexOf('\n{"seq":5,');
    const cut = bundleText.indexOf('"entry_hash":"', entryLine) + 30;
    const truncated = bundleText.slice(0, cut);
    const message = formatError(truncated).message;
    expect(message).toBe(`${SOURCE}: not valid JSON at ${lineCol(truncated, cut)}; ${HINT}`);
    expect(lineCol(truncated, cut)).toMatch(/^8:\d+$/); // line 1 schema, 2 ledger header, 3.. entries
  });

  it('JSON truncated between tokens names the line and column where it ends', () => {
    const cut = bundleText.indexOf('\n{"seq":7,') + 1; // ends right after "…},\n"
    const truncated = bundleText.slice(0, cut);
    expect(formatError(truncated).message).toBe(
      `${SOURCE}: not valid JSON (the file ends early, at ${lineCol(truncated, cut)}); ${HINT}`,
    );
  });

  it('JSON truncated inside a literal (true/false/null) names where it ends', () => {
    const cut = bundleText.indexOf('"is_error":false') + '"is_error":fa'.length;
    const truncated = bundleText.slice(0, cut);
    expect(formatError(truncated).message).toBe(
      `${SOURCE}: not valid JSON (the file ends early, at ${lineCol(truncated, cut)}); ${HINT}`,
    );
  });

  it('a syntax error in the middle names its line and column', () => {
    // A hand edit that dropped the comma between two entries.
    const at = bundleText.indexOf(',\n{"seq":4,');
    const broken = bundleText.slice(0, at) + bundleText.slice(at + 1);
    expect(formatError(broken).message).toBe(
      `${SOURCE}: not valid JSON at ${lineCol(broken, at + 1)}; ${HINT}`,
    );
  });

  it('garbage bytes: a gzipped bundle, a SQLite database, binary noise', () => {
    const noise = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 131 + 7) % 256));
    for (const garbage of [gzipSync(bundleText).toString('utf8'), noise.toString('latin1')]) {
      const message = formatError(garbage).message;
      expect(message.startsWith(`${SOURCE}: not valid JSON`)).toBe(true);
      expect(message.endsWith(HINT)).toBe(true);
      expect(message.length).toBeLessThan(300); // the garbage itself is not echoed back
    }
    // A ledger database is named as one, with the commands that read it; its bytes are not echoed.
    const database = formatError(readFileSync(dbPath).toString('utf8')).message;
    expect(database.startsWith(`${SOURCE}: not valid JSON`)).toBe(true);
    expect(database).toContain('the file is a SQLite database');
    expect(database).toContain('truss ledger verify SESSION --db FILE');
    expect(database.length).toBeLessThan(400);
    // A UTF-8 byte-order mark in front of otherwise valid JSON is named, with how to get a clean file.
    const marked = formatError(`\ufeff${bundleText}`).message;
    expect(marked.startsWith(`${SOURCE}: not valid JSON: the file starts with a byte-order mark`)).toBe(true);
    expect(marked.length).toBeLessThan(300);
  });

  // V8 names no position for "Unexpected token 'x', … is not valid JSON": bundle.ts finds it by
  // parsing prefixes, so only "Unexpected end of JSON input" is reported as an early end.
  it('garbage and mid-file bad tokens are not reported as a file that ends early', () => {
    expect(formatError(gzipSync(bundleText).toString('utf8')).message).not.toContain('ends early');
    expect(formatError(readFileSync(dbPath).toString('utf8')).message).not.toContain('ends early');
    const at = bundleText.indexOf('"exit_code":0') + '"exit_code":'.length;
    const broken = `${bundleText.slice(0, at)}}${bundleText.slice(at + 1)}`; // "exit_code":}
    expect(formatError(broken).message).not.toContain('ends early');
  });

  it('a JSON value that is not an object', () => {
    for (const text of [
      '[]',
      JSON.stringify([JSON.parse(bundleText)]),
      'null',
      '42',
      '"truss.ledger.v1"',
      'true',
    ]) {
      expect(formatError(text).message).toBe(
        `${SOURCE}: expected a JSON object with schema_version "truss.ledger.v1"`,
      );
    }
  });

  it('a wrong or missing schema_version', () => {
    const version = (value: unknown) =>
      formatError(
        mutated((b) => {
          if (value === undefined) delete b.schema_version;
          else b.schema_version = value;
        }),
      ).message;
    expect(version('truss.ledger.v2')).toBe(
      `${SOURCE}: schema_version is "truss.ledger.v2", expected "truss.ledger.v1" (a newer truss may read it)`,
    );
    expect(version(1)).toContain('schema_version is 1, expected "truss.ledger.v1"');
    expect(version(undefined)).toContain('schema_version is missing, expected "truss.ledger.v1"');
  });

  it('a missing or non-object ledger', () => {
    expect(formatError(mutated((b) => delete b.ledger)).message).toBe(
      `${SOURCE}: ledger is missing or not an object`,
    );
    expect(formatError(mutated((b) => (b.ledger = [])) as string).message).toBe(
      `${SOURCE}: ledger is missing or not an object`,
    );
  });

  it('missing entries, or entries that are not an array', () => {
    const expected = `${SOURCE}: ledger.entries is missing or not an array`;
    expect(formatError(mutated((b) => delete ledgerOf(b).entries)).message).toBe(expected);
    for (const value of [{ 0: {} }, 'entries', null, 10]) {
      expect(formatError(mutated((b) => (ledgerOf(b).entries = value))).message).toBe(expected);
    }
  });

  it('a missing session_id, public_key or pubkey_id', () => {
    for (const field of ['session_id', 'public_key', 'pubkey_id']) {
      expect(formatError(mutated((b) => delete ledgerOf(b)[field])).message).toBe(
        `${SOURCE}: ledger.${field} is missing or not a string`,
      );
    }
    expect(formatError(mutated((b) => (ledgerOf(b).session_id = 7))).message).toBe(
      `${SOURCE}: ledger.session_id is missing or not a string`,
    );
    expect(formatError(mutated((b) => (ledgerOf(b).head_hash = 5))).message).toBe(
      `${SOURCE}: ledger.head_hash is not a string`,
    );
  });

  it('a malformed child session names its path', () => {
    const child = JSON.parse(JSON.stringify(JSON.parse(bundleText).ledger)) as Record<string, unknown>;
    delete child.entries;
    expect(formatError(mutated((b) => (ledgerOf(b).child_sessions = [child]))).message).toBe(
      `${SOURCE}: ledger.child_sessions[0].entries is missing or not an array`,
    );
    expect(formatError(mutated((b) => (ledgerOf(b).child_sessions = {}))).message).toBe(
      `${SOURCE}: ledger.child_sessions is not an array`,
    );
  });
});

describe('verifyBundle: a malformed entry fails at its seq', () => {
  const cases: Array<[string, number, (entry: Record<string, unknown>) => void, string]> = [
    [
      'missing signature',
      3,
      (e) => delete e.signature,
      'entry 3: signature is not 128 lowercase hex characters',
    ],
    [
      'missing prev_hash',
      0,
      (e) => delete e.prev_hash,
      'entry 0: prev_hash is not 64 lowercase hex characters',
    ],
    ['missing kind', 5, (e) => delete e.kind, 'entry 5: kind is not a string'],
    ['missing seq', 2, (e) => delete e.seq, 'entry 2: seq is not a non-negative integer'],
    ['missing payload', 4, (e) => delete e.payload, 'entry 4: payload is not a JSON object'],
    [
      'uppercase hex in entry_hash',
      6,
      (e) => (e.entry_hash = String(e.entry_hash).toUpperCase()),
      'entry 6: entry_hash is not 64 lowercase hex characters',
    ],
    [
      'non-hex character in signature',
      1,
      (e) => (e.signature = `${String(e.signature).slice(0, -1)}g`),
      'entry 1: signature is not 128 lowercase hex characters',
    ],
    [
      'short prev_hash',
      7,
      (e) => (e.prev_hash = String(e.prev_hash).slice(2)),
      'entry 7: prev_hash is not 64 lowercase hex characters',
    ],
    ['seq as a string', 8, (e) => (e.seq = String(e.seq)), 'entry 8: seq is not a non-negative integer'],
    ['payload as an array', 9, (e) => (e.payload = []), 'entry 9: payload is not a JSON object'],
  ];

  it.for(cases)('%s (in memory, and from a file streamed or read whole)', ([, seq, edit, message]) => {
    const bundle = mutatedBundle((b) =>
      edit((ledgerOf(b).entries as Array<Record<string, unknown>>)[seq] ?? {}),
    );
    for (const [text, layout] of [
      [formatBundle(bundle as unknown as Bundle), 'streamed'],
      [JSON.stringify(bundle), 'whole_file'],
    ] as const) {
      const report = verifyBothWays(text, layout);
      expect(report.status).toBe('failed');
      expect(report.failure).toEqual({ seq, code: 'malformed_entry', message });
    }
  });

  it('an entry that is not an object (a line that is not {…} is read whole)', () => {
    const bundle = mutatedBundle((b) => {
      (ledgerOf(b).entries as unknown[])[2] = 'seq 2 was here';
    });
    const report = verifyBothWays(formatBundle(bundle as unknown as Bundle), 'whole_file');
    expect(report.failure).toEqual({ seq: 2, code: 'malformed_entry', message: 'entry 2 is not an object' });
  });
});

describe('large input', () => {
  it('a ~3 MB payload inside one signed entry exports, parses and verifies', () => {
    const big = appendSampleRun(store, key, { id: 'big-payload', terminal: false });
    const line = 'stdout line with "quotes", \\backslashes\\, tabs\t, unicode ✓ é 𝄞 and <html> & more\n';
    const content = line.repeat(Math.ceil(3_000_000 / line.length));
    expect(content.length).toBeGreaterThan(3_000_000);
    expect(Buffer.byteLength(JSON.stringify({ content }), 'utf8')).toBeLessThan(MAX_PAYLOAD_BYTES);
    const entry = store.append(big, 'tool_result', { call_id: 'huge', name: 'bash', content }, key);
    store.append(big, 'run_completed', { final_text: 'done' }, key);
    const file = join(temp.dir, 'big.json');
    exportBundleToFile(store, big, crypto, file);
    const text = readFileSync(file, 'utf8');
    expect(text.length).toBeGreaterThan(3_000_000);
    const bundle: Bundle = parseBundle(text, file);
    expect(bundle.ledger.entries[entry.seq]?.payload.content).toBe(content);
    const report = verifyBundle(bundle, { crypto, trusted });
    expect(report.failure).toBeNull();
    expect(report.status).toBe('verified');
    expect(report.head_hash).toBe(store.requireSession(big).head_hash);
    // Streamed, the 3 MB line arrives in many reads and is joined before it is parsed.
    expect(verifyBundleFile(file, { crypto, trusted, chunkSize: 65_521 })).toEqual(report);

    // One flipped character deep inside the big payload is caught at that entry.
    const tampered = text.replace('unicode ✓ é', 'unicode ✗ é');
    const bad = verifyBundle(parseBundle(tampered, file), { crypto, trusted });
    expect(bad.failure).toMatchObject({ seq: entry.seq, code: 'entry_hash_mismatch' });
    const tamperedFile = join(temp.dir, 'big-tampered.json');
    writeFileSync(tamperedFile, tampered);
    expect(verifyBundleFile(tamperedFile, { crypto, trusted, chunkSize: 65_521 })).toEqual(bad);
  });
});
