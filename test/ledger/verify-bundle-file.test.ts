import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path, { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Bundle,
  BundleFormatError,
  createNodeCrypto,
  exportBundle,
  formatBundle,
  type LedgerEntry,
  parseBundle,
  verifyBundleFile,
} from '../../src/core/ledger/index.js';
import { REPO_ROOT } from '../helpers/ledger-env.js';
import {
  exportText,
  FORGER_KEY,
  flipHexByte,
  type LedgerFixture,
  openFixture,
  REVIEWER_KEY,
  relinkEntries,
  SESSION_KEY,
  trustedOf,
} from '../helpers/ledger-kit.js';
import { appendSampleRun } from '../helpers/sample-run.js';
import { verifyFile, verifyTextBothWays, writeTemp } from './bundle-file-kit.js';

/**
 * `verifyBundleFile` (what `truss verify` runs) against `verifyBundle(parseBundle(text))`: streamed
 * from the exporter's layout or read whole, the report must be deep-equal, and input that is not a
 * bundle must give the same BundleFormatError. The tamper classes themselves are covered through
 * tamper.test.ts, whose bundle suite checks every case this way too.
 */
const crypto = createNodeCrypto();
const PINNED = trustedOf(SESSION_KEY, REVIEWER_KEY);
const options = { crypto, trusted: PINNED };

let fx: LedgerFixture;
let id: string;
let text: string;

beforeEach(() => {
  fx = openFixture('verify-file');
  id = appendSampleRun(fx.store, SESSION_KEY, { extra: 3 });
  text = exportText(fx, id, crypto);
});
afterEach(() => fx.close());

/** The error `fn` throws. */
function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

/** Both paths must throw the same BundleFormatError for `input`; returns its message. */
function sameError(input: string, chunkSize = 17): string {
  const file = writeTemp(fx.dir, input, 'bad');
  const expected = thrown(() => parseBundle(input, file));
  const actual = thrown(() => verifyBundleFile(file, { ...options, chunkSize }));
  expect(expected).toBeInstanceOf(BundleFormatError);
  expect(actual).toBeInstanceOf(BundleFormatError);
  expect(actual.message).toBe(expected.message);
  return actual.message;
}

describe('the exporter layout streams', () => {
  it('an exported bundle is streamed and verifies exactly as in memory, at any chunk size', () => {
    for (const chunkSize of [1, 2, 3, 7, 64, 1000, undefined]) {
      const report = verifyTextBothWays(fx.dir, text, { ...options, chunkSize }, 'streamed');
      expect(report.status).toBe('verified');
      expect(report.entries).toBe(10);
    }
  });

  it('formatBundle writes exactly the exporter layout', () => {
    expect(formatBundle(exportBundle(fx.store, id, crypto))).toBe(text);
  });

  it('a multi-byte character split across the read boundary', () => {
    // The sample run's check_result says "ok ✓ — «fine»": cut reads inside ✓ (3 bytes) at each offset.
    const bytes = Buffer.from(text, 'utf8');
    const at = bytes.indexOf(Buffer.from('✓', 'utf8'));
    expect(at).toBeGreaterThan(0);
    for (const cut of [1, 2]) {
      const report = verifyTextBothWays(fx.dir, text, { ...options, chunkSize: at + cut }, 'streamed');
      expect(report.status).toBe('verified');
    }
    // And a 4-byte character (a surrogate pair in JS) split at every byte, in an appended entry.
    const other = appendSampleRun(fx.store, SESSION_KEY, { id: 'clef', terminal: false });
    fx.store.append(other, 'tool_result', { call_id: 'x', content: 'music 𝄞 clef 𝄞 end' }, SESSION_KEY);
    fx.store.append(other, 'run_completed', { final_text: '𝄞' }, SESSION_KEY);
    const clef = exportText(fx, other, crypto);
    const offset = Buffer.from(clef, 'utf8').indexOf(Buffer.from('𝄞', 'utf8'));
    for (const cut of [1, 2, 3]) {
      const report = verifyTextBothWays(fx.dir, clef, { ...options, chunkSize: offset + cut }, 'streamed');
      expect(report.status).toBe('verified');
    }
  });

  it('a tampered multi-byte character is caught at its entry when streamed', () => {
    const tampered = text.replace('ok ✓ —', 'ok ✗ —');
    const report = verifyTextBothWays(fx.dir, tampered, { ...options, chunkSize: 5 }, 'streamed');
    expect(report.failure).toMatchObject({ seq: 1, code: 'entry_hash_mismatch' });
  });

  it('CRLF line endings still stream', () => {
    const crlf = text.replace(/\n/g, '\r\n');
    for (const chunkSize of [1, 9, undefined]) {
      const report = verifyTextBothWays(fx.dir, crlf, { ...options, chunkSize }, 'streamed');
      expect(report.status).toBe('verified');
    }
  });

  it('no newline at the end of the file', () => {
    expect(text.endsWith('}\n')).toBe(true);
    const report = verifyTextBothWays(fx.dir, text.slice(0, -1), options, 'streamed');
    expect(report.status).toBe('verified');
  });

  it('a ledger with no entries → empty_ledger, the same both ways', () => {
    const bundle = JSON.parse(text) as Bundle;
    bundle.ledger.entries = [];
    const report = verifyTextBothWays(fx.dir, formatBundle(bundle), options, 'streamed');
    expect(report.failure).toMatchObject({ code: 'empty_ledger' });
  });

  it('child sessions (verified from the small document around the entries) match in memory', () => {
    const child = appendSampleRun(fx.store, SESSION_KEY, { id: 'child' });
    const parent = 'parent';
    fx.store.createSession({ signer: SESSION_KEY, codeVersion: 'test', id: parent });
    fx.store.append(parent, 'run_started', { contract: { id: 'fan-out' } }, SESSION_KEY);
    fx.store.append(
      parent,
      'child_anchor',
      { child_session_id: child, child_head_hash: fx.store.session(child)?.head_hash },
      SESSION_KEY,
    );
    fx.store.append(parent, 'run_completed', { final_text: 'done' }, SESSION_KEY);
    const parentText = exportText(fx, parent, crypto);
    const report = verifyTextBothWays(fx.dir, parentText, { ...options, chunkSize: 11 }, 'streamed');
    expect(report.status).toBe('verified');
    expect(report.children.map((c) => [c.session_id, c.status])).toEqual([[child, 'verified']]);

    const tampered = JSON.parse(parentText) as Bundle;
    const childEntry = tampered.ledger.child_sessions[0]?.entries[3] as LedgerEntry;
    childEntry.signature = flipHexByte(childEntry.signature, 3);
    const bad = verifyTextBothWays(fx.dir, formatBundle(tampered), options, 'streamed');
    expect(bad.failure).toMatchObject({ code: 'child_failed', seq: 1 });
    expect(bad.children[0]?.failure).toMatchObject({ code: 'bad_signature', seq: 3 });
  });

  it('a failing chain still reads every line: a syntax error after it is the same BundleFormatError', () => {
    const bundle = JSON.parse(text) as Bundle;
    const entry = bundle.ledger.entries[1] as LedgerEntry;
    entry.signature = flipHexByte(entry.signature, 0);
    const good = formatBundle(bundle);
    expect(verifyTextBothWays(fx.dir, good, options, 'streamed').failure).toMatchObject({
      code: 'bad_signature',
      seq: 1,
    });
    // Break the JSON of the last entry: the whole-file parse throws, so the file verifier must too.
    const last = good.lastIndexOf('"signature":"');
    const broken = `${good.slice(0, last)}"signature":"${good.slice(last + 13).replace('"', '')}`;
    expect(sameError(broken)).toMatch(/not valid JSON at \d+:\d+/);
  });
});

describe('export writes each stored entry as it was signed', () => {
  it('payload keys that look like integers keep their canonical order and verify both ways', () => {
    const run = appendSampleRun(fx.store, SESSION_KEY, { id: 'numeric-keys', terminal: false });
    fx.store.append(run, 'tool_result', { 10: 'ten', 9: 'nine', a: { 2: true, 11: false } }, SESSION_KEY);
    fx.store.append(run, 'run_completed', { final_text: 'done' }, SESSION_KEY);
    const exported = exportText(fx, run, crypto);
    // Canonical (UTF-16 order: "10" < "9"), not JavaScript's integer-key order.
    expect(exported).toContain('"payload":{"10":"ten","9":"nine","a":{"11":false,"2":true}}');
    expect(verifyTextBothWays(fx.dir, exported, options, 'streamed').status).toBe('verified');
  });

  it('a row whose payload is not JSON is still exported (its text as a string) with every row after it, failing where the database does', () => {
    fx.raw.prepare('UPDATE journal SET payload = ? WHERE session_id = ? AND seq = 2').run('{"seat":', id);
    const exported = exportText(fx, id, crypto);
    const bundle = JSON.parse(exported) as Bundle;
    expect(bundle.ledger.entries.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(bundle.ledger.entries[2]?.payload).toBe('{"seat":');
    expect(bundle.offline_verification?.status).toBe('failed');
    const report = verifyTextBothWays(fx.dir, exported, options, 'streamed');
    expect(report.failure).toMatchObject({ code: 'malformed_entry', seq: 2 });
    expect(fx.store.verifySession(id, options).failure).toMatchObject({ code: 'malformed_entry', seq: 2 });
  });
});

describe('other layouts are read whole and verify the same', () => {
  it('pretty-printed (JSON.stringify(bundle, null, 2))', () => {
    const pretty = JSON.stringify(JSON.parse(text), null, 2);
    expect(verifyTextBothWays(fx.dir, pretty, options, 'whole_file').status).toBe('verified');
  });

  it('minified onto one line (JSON.stringify(bundle))', () => {
    const minified = JSON.stringify(JSON.parse(text));
    expect(verifyTextBothWays(fx.dir, minified, options, 'whole_file').status).toBe('verified');
  });

  it('a hand-edited layout: two entries on one line, a blank line, an indented entry', () => {
    const twoOnOne = text.replace('},\n{"seq":3,', '},{"seq":3,');
    expect(verifyTextBothWays(fx.dir, twoOnOne, options, 'whole_file').status).toBe('verified');
    const blank = text.replace('},\n{"seq":3,', '},\n\n{"seq":3,');
    expect(verifyTextBothWays(fx.dir, blank, options, 'whole_file').status).toBe('verified');
    const indented = text.replace('},\n{"seq":3,', '},\n  {"seq":3,');
    expect(verifyTextBothWays(fx.dir, indented, options, 'whole_file').status).toBe('verified');
  });

  // Repeated keys are refused outright (docs/ledger.md "Bundle"): JSON.parse would keep the last one,
  // so the streamed lines would not be what a parser sees. Streamed and whole-file reads say the same.
  const refusesRepeated = (body: string, key: string) => {
    const error = thrown(() => verifyBundleFile(writeTemp(fx.dir, body), options));
    expect(error).toBeInstanceOf(BundleFormatError);
    expect(error.message).toContain(`key "${key}" appears twice in one object`);
    expect(thrown(() => parseBundle(body, 'bundle.json')).message).toContain(`key "${key}" appears twice`);
  };

  it('a second "entries" key after the streamed lines is refused', () => {
    refusesRepeated(text.replace('\n],"child_sessions":[', '\n],"entries":[],"child_sessions":['), 'entries');
  });

  it('the session key given again after the entries (a forger key) is refused', () => {
    const bundle = JSON.parse(text) as Bundle;
    bundle.ledger.head_hash = relinkEntries(bundle.ledger.entries, 0, FORGER_KEY);
    const forged = formatBundle(bundle).replace(
      '],"anchor_refs":[]}',
      `],"anchor_refs":[],"public_key":"${FORGER_KEY.publicKeyHex}","pubkey_id":"${FORGER_KEY.keyId}"}`,
    );
    refusesRepeated(forged, 'public_key');
  });

  it('a second top-level "ledger" after the first is refused', () => {
    const other = appendSampleRun(fx.store, SESSION_KEY, { id: 'other', extra: 1 });
    const otherLedger = JSON.stringify((JSON.parse(exportText(fx, other, crypto)) as Bundle).ledger);
    refusesRepeated(text.replace(',\n"contract":', `,\n"ledger":${otherLedger},\n"contract":`), 'ledger');
  });

  it('a header longer than 1 MiB is not taken for the exporter layout', () => {
    const padded = text.replace(
      '{"schema_version":"truss.ledger.v1",\n',
      `{"schema_version":"truss.ledger.v1","padding":"${'x'.repeat(1.2 * 2 ** 20)}",\n`,
    );
    expect(padded.length).toBeGreaterThan(text.length + 2 ** 20);
    expect(verifyTextBothWays(fx.dir, padded, options, 'whole_file').status).toBe('verified');
  });

  it('the 512 MiB limit applies to what is parsed whole: the streamed entry lines do not count', () => {
    // The tail after the entries (views, blobs, child sessions) is parsed whole, so it must fit.
    const tail = text.length - text.indexOf('\n]');
    const limit = { ...options, maxWholeFileBytes: tail };
    expect(text.length).toBeGreaterThan(tail);
    const streamed = verifyFile(writeTemp(fx.dir, text), limit);
    expect(streamed.layout).toBe('streamed');
    expect(streamed.report.status).toBe('verified');
    const prettyFile = writeTemp(fx.dir, JSON.stringify(JSON.parse(text), null, 2), 'pretty');
    const error = thrown(() => verifyBundleFile(prettyFile, limit));
    expect(error).toBeInstanceOf(BundleFormatError);
    expect(error.message).toMatch(
      /^.*pretty-\d+\.json is 0 MiB and not laid out one entry per line as `truss ledger export` writes it \(no line ends in "entries":\[\); such bundles above \d+ MiB are refused$/,
    );
  });
});

describe('input that is not a bundle: the same BundleFormatError both ways', () => {
  it('truncated inside the entries, inside the tail, and right after the header', () => {
    expect(sameError(text.slice(0, text.indexOf('{"seq":4,') + 40))).toMatch(/not valid JSON/);
    expect(sameError(text.slice(0, text.indexOf('"evidence"') + 5))).toMatch(/not valid JSON/);
    expect(sameError(text.slice(0, text.indexOf('"entries":[') + 11))).toMatch(/ends early/);
  });

  it('a dropped comma between entries, and a trailing comma after the last', () => {
    const at = text.indexOf(',\n{"seq":4,');
    expect(sameError(text.slice(0, at) + text.slice(at + 1))).toMatch(/not valid JSON at/);
    const close = text.indexOf('\n],"child_sessions":[');
    expect(sameError(`${text.slice(0, close)},${text.slice(close)}`)).toMatch(/not valid JSON/);
  });

  it('an unexpected token is placed at its line:col, though V8 names no position for it', () => {
    // A contract handed to `truss verify` by mistake, and a bare word where a value belongs.
    expect(sameError('[contract]\nid = "x"\n')).toMatch(/not valid JSON at 1:2;/);
    const at = text.indexOf('"session_id":') + '"session_id":'.length;
    const line = text.slice(0, at).split('\n').length;
    const col = at - text.lastIndexOf('\n', at - 1);
    expect(sameError(`${text.slice(0, at)}xyz${text.slice(at)}`)).toMatch(
      new RegExp(`not valid JSON at ${line}:${col};`),
    );
  });

  it('a byte-order mark or UTF-16 text is named, with how to export a readable file', () => {
    expect(sameError(`\ufeff${text}`)).toContain('starts with a byte-order mark (U+FEFF)');
    // What Windows PowerShell's `truss ledger export S > b.json` writes: UTF-16LE with its mark.
    const utf16 = path.join(fx.dir, 'utf16.json');
    writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    const expected = thrown(() => parseBundle(readFileSync(utf16, 'utf8'), utf16));
    const actual = thrown(() => verifyBundleFile(utf16, options));
    expect(actual).toBeInstanceOf(BundleFormatError);
    expect(actual.message).toBe(expected.message);
    expect(actual.message).toContain('the file is UTF-16');
    expect(actual.message).toContain('truss ledger export SESSION -o FILE');
  });

  it('garbage after the document', () => {
    expect(sameError(`${text}trailing`)).toMatch(/not valid JSON/);
  });

  it('a wrong schema_version in the streaming layout', () => {
    const v2 = text.replace('"truss.ledger.v1"', '"truss.ledger.v2"');
    expect(sameError(v2)).toContain('schema_version is "truss.ledger.v2"');
  });

  it('a missing ledger field in the streaming layout', () => {
    const noKey = text.replace(/"public_key":"[0-9a-f]+",/, '');
    expect(sameError(noKey)).toContain('ledger.public_key is missing or not a string');
  });

  it('a malformed child session in the streaming layout', () => {
    const bundle = JSON.parse(text) as Bundle;
    const child = structuredClone(bundle.ledger);
    delete (child as Partial<Bundle['ledger']>).entries;
    bundle.ledger.child_sessions = [child];
    expect(sameError(formatBundle(bundle))).toContain('ledger.child_sessions[0].entries is missing');
  });

  it('a UTF-8 byte-order mark in front', () => {
    expect(sameError(`\ufeff${text}`)).toMatch(/not valid JSON/);
  });

  it('an empty file', () => {
    expect(sameError('')).toContain('(the file is empty)');
  });

  it('a missing file or a directory is "cannot read"', () => {
    const missing = join(fx.dir, 'missing.json');
    const next = 'pass the bundle JSON that `truss run` or `truss ledger export` wrote';
    expect(thrown(() => verifyBundleFile(missing, options)).message).toBe(
      `cannot read ${missing}: no such file (ENOENT); ${next}`,
    );
    const dir = join(fx.dir, 'a-directory.json');
    mkdirSync(dir);
    const error = thrown(() => verifyBundleFile(dir, options));
    expect(error).toBeInstanceOf(BundleFormatError);
    expect(error.message).toBe(`cannot read ${dir}: it is a directory, not a file (EISDIR); ${next}`);
  });
});

describe('a larger ledger', () => {
  it('2,000 entries stream to the same report as the whole-file path, at a chunk size that splits lines', () => {
    const big = appendSampleRun(fx.store, SESSION_KEY, { id: 'big', terminal: false });
    for (let i = 0; i < 2000; i++) {
      fx.store.append(
        big,
        i % 8 === 7 ? 'check_result' : 'tool_result',
        { call_id: `c${i}`, content: `output ${i} ✓ é 𝄞 "quoted" \\ ${'x'.repeat(i % 97)}` },
        SESSION_KEY,
      );
    }
    fx.store.append(big, 'run_completed', { final_text: 'done' }, SESSION_KEY);
    const bigText = exportText(fx, big, crypto);
    const report = verifyTextBothWays(fx.dir, bigText, { ...options, chunkSize: 4093 }, 'streamed');
    expect(report.status).toBe('verified');
    expect(report.entries).toBe(2007);
  });
});

describe('input that is not a regular file', () => {
  it('a pipe is read whole from the start (cat bundle.json | truss verify /dev/stdin)', () => {
    const file = writeTemp(fx.dir, text);
    const script = `import(${JSON.stringify(pathToFileURL(join(REPO_ROOT, 'src/core/ledger/index.ts')).href)}).then((l) => {
      let layout;
      const report = l.verifyBundleFile('/dev/stdin', {
        crypto: l.createNodeCrypto(),
        trusted: new Map([[${JSON.stringify(SESSION_KEY.publicKeyHex)}, 'k']]),
        onLayout: (chosen) => { layout = chosen; },
      });
      process.stdout.write(JSON.stringify({ layout, status: report.status, entries: report.entries }));
    })`;
    // A shell pipe (not node's socketpair stdio), as a user's `cat … |` would make.
    const result = spawnSync(
      '/bin/sh',
      ['-c', 'cat "$1" | "$0" --import tsx -e "$2"', process.execPath, file, script],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({ layout: 'whole_file', status: 'verified', entries: 10 });
  });
});
