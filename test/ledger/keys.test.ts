import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  KeyError,
  loadKeyFile,
  parsePublicKeyHex,
  parseSeedBase64,
  parseTrustedKeys,
  resolveSigningKey,
  SigningKey,
} from '../../src/core/ledger/index.js';
import { tempDir } from '../helpers/temp-dir.js';

const SEED_A = Buffer.alloc(32, 0x41);
const SEED_B = Buffer.alloc(32, 0x42);
const KEY_A = SigningKey.fromSeed(SEED_A);
const KEY_B = SigningKey.fromSeed(SEED_B);
const B64_A = SEED_A.toString('base64');
const B64_B = SEED_B.toString('base64');

function keyError(fn: () => unknown): KeyError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(KeyError);
    return error as KeyError;
  }
  throw new Error('expected a KeyError, nothing was thrown');
}

let dir: string;
beforeEach(() => {
  dir = tempDir('keys').dir;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function keyFile(name: string, content: string, mode = 0o600): string {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  chmodSync(file, mode);
  return file;
}

describe('parseSeedBase64', () => {
  it('accepts one line of base64 for a 32-byte seed and derives the same key as the raw seed', () => {
    const key = parseSeedBase64(B64_A, 'test');
    expect(key.publicKeyHex).toBe(KEY_A.publicKeyHex);
    expect(key.keyId).toBe(KEY_A.keyId);
    expect(B64_A).toHaveLength(44);
  });

  it('tolerates surrounding whitespace and a trailing LF or CRLF (as files and env vars carry)', () => {
    for (const text of [`${B64_A}\n`, `${B64_A}\r\n`, `  ${B64_A}  `, `\n${B64_A}\n\n`]) {
      expect(parseSeedBase64(text, 'test').publicKeyHex).toBe(KEY_A.publicKeyHex);
    }
  });

  it('signs with the parsed seed (signature verifies against the derived public key)', () => {
    const key = parseSeedBase64(B64_B, 'test');
    expect(Buffer.from(key.sign(Buffer.from('m'))).toString('hex')).toBe(
      Buffer.from(KEY_B.sign(Buffer.from('m'))).toString('hex'),
    );
  });

  const wrongLength: Array<[string, number]> = [
    [Buffer.alloc(31, 7).toString('base64'), 31],
    [Buffer.alloc(33, 7).toString('base64'), 33],
    [Buffer.alloc(64, 7).toString('base64'), 64],
  ];
  it.each(wrongLength)(
    'wrong length (%s) → names the decoded byte count, never the key text',
    (text, bytes) => {
      const error = keyError(() => parseSeedBase64(text, 'TRUSS_SIGNING_KEY'));
      expect(error.message).toMatch(
        new RegExp(`^TRUSS_SIGNING_KEY decodes to ${bytes} bytes; an Ed25519 seed is 32 bytes`),
      );
      expect(error.message).not.toContain(text);
      expect(error.message).not.toContain(text.slice(0, 12));
    },
  );

  it('64 hex characters (a public key, or a seed in hex) → refused as the form of a public key, never echoed', () => {
    for (const text of [SEED_A.toString('hex'), KEY_A.publicKeyHex.toUpperCase()]) {
      const error = keyError(() => parseSeedBase64(text, 'TRUSS_SIGNING_KEY'));
      expect(error.message).toMatch(/^TRUSS_SIGNING_KEY is 64 hex characters, the form of a public key/);
      expect(error.message).not.toContain(text.slice(0, 12));
    }
  });

  const notBase64 = [
    `${B64_A.slice(0, 20)}!${B64_A.slice(21)}`,
    B64_A.replace(/=$/, ''), // unpadded: length 43
    Buffer.from(SEED_A).toString('base64url').replace(/=$/, ''),
    `${B64_A.slice(0, 22)}\n${B64_A.slice(22)}`,
    `${B64_A} ${B64_B}`,
    '-----BEGIN OPENSSH PRIVATE KEY-----',
  ];
  it.each(notBase64)('not base64 (%j) → says so, never echoing the text', (text) => {
    const error = keyError(() => parseSeedBase64(text, 'key file /k'));
    expect(error.message).toMatch(/^key file \/k is not base64; expected one line of base64/);
    expect(error.message).not.toContain(text.trim());
    expect(error.message).not.toContain(B64_A.slice(0, 12));
  });

  it.each(['', '   ', '\n', '\r\n\t'])('empty (%j) → "is empty"', (text) => {
    const error = keyError(() => parseSeedBase64(text, 'TRUSS_SIGNING_KEY'));
    expect(error.message).toBe(
      'TRUSS_SIGNING_KEY is empty; expected one line of base64 (a 32-byte Ed25519 seed)',
    );
  });
});

describe('loadKeyFile', () => {
  it('loads a 0600 key file without a warning', () => {
    const warnings: string[] = [];
    const key = loadKeyFile(keyFile('signing.key', `${B64_A}\n`), (w) => warnings.push(w));
    expect(key.publicKeyHex).toBe(KEY_A.publicKeyHex);
    expect(warnings).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')('warns (without the key) when others can read the file', () => {
    const file = keyFile('open.key', `${B64_A}\n`, 0o644);
    const warnings: string[] = [];
    expect(loadKeyFile(file, (w) => warnings.push(w)).publicKeyHex).toBe(KEY_A.publicKeyHex);
    expect(warnings).toEqual([`key file ${file} is readable by other users; run \`chmod 600 ${file}\``]);
    expect(warnings.join('')).not.toContain(B64_A);
  });

  it('a missing file → KeyError naming the path and ENOENT, with a keygen hint', () => {
    const file = path.join(dir, 'nope.key');
    const error = keyError(() => loadKeyFile(file));
    expect(error.message).toBe(
      `cannot read key file ${file}: no such file (ENOENT); create one with \`truss keygen --out ${file}\``,
    );
  });

  it('a directory instead of a file → KeyError, not a crash', () => {
    const sub = path.join(dir, 'adir');
    mkdirSync(sub);
    // Creating a key is no answer to a directory in the way: the hint is only for a missing file.
    const message = keyError(() => loadKeyFile(sub)).message;
    expect(message).toMatch(/^cannot read key file .*adir: it is a directory, not a file \(EISDIR\)$/);
  });

  it('a file with the wrong content → error names the file, never its content', () => {
    const secretish = Buffer.alloc(48, 0x5c).toString('base64');
    const file = keyFile('bad.key', `${secretish}\n`);
    const error = keyError(() => loadKeyFile(file));
    expect(error.message).toMatch(
      new RegExp(`^key file ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} decodes to 48 bytes`),
    );
    expect(error.message).not.toContain(secretish);
  });
});

describe('resolveSigningKey', () => {
  it('an explicit key file wins over TRUSS_SIGNING_KEY', () => {
    const file = keyFile('b.key', `${B64_B}\n`);
    const key = resolveSigningKey({ keyFile: file, env: { TRUSS_SIGNING_KEY: B64_A } });
    expect(key.publicKeyHex).toBe(KEY_B.publicKeyHex);
  });

  it('TRUSS_SIGNING_KEY is used when no file is given', () => {
    expect(resolveSigningKey({ env: { TRUSS_SIGNING_KEY: B64_A } }).publicKeyHex).toBe(KEY_A.publicKeyHex);
    expect(resolveSigningKey({ keyFile: undefined, env: { TRUSS_SIGNING_KEY: B64_A } }).publicKeyHex).toBe(
      KEY_A.publicKeyHex,
    );
  });

  it('a named key file that is missing fails; it does not silently fall back to the env key', () => {
    const file = path.join(dir, 'missing.key');
    const error = keyError(() => resolveSigningKey({ keyFile: file, env: { TRUSS_SIGNING_KEY: B64_A } }));
    expect(error.message).toMatch(/^cannot read key file .*missing\.key: no such file \(ENOENT\)/);
  });

  it('no file and no (or empty) TRUSS_SIGNING_KEY → tells the user both ways to give a key', () => {
    for (const env of [{}, { TRUSS_SIGNING_KEY: '' }, { TRUSS_SIGNING_KEY: undefined }]) {
      expect(keyError(() => resolveSigningKey({ env })).message).toBe(
        'no signing key: pass --key FILE or set TRUSS_SIGNING_KEY (create one with `truss keygen --out FILE`, then pass --key FILE)',
      );
    }
  });

  it('a malformed TRUSS_SIGNING_KEY names the variable, not its value', () => {
    const value = Buffer.alloc(31, 0x99).toString('base64');
    const error = keyError(() => resolveSigningKey({ env: { TRUSS_SIGNING_KEY: value } }));
    expect(error.message).toMatch(/^TRUSS_SIGNING_KEY decodes to 31 bytes/);
    expect(error.message).not.toContain(value);
  });

  it('passes the permission warning through for key files', () => {
    const file = keyFile('loose.key', B64_A, 0o640);
    const warnings: string[] = [];
    resolveSigningKey({ keyFile: file, env: {}, onWarning: (w) => warnings.push(w) });
    expect(warnings).toHaveLength(process.platform === 'win32' ? 0 : 1);
  });
});

describe('parseTrustedKeys', () => {
  it('reads keys with labels, comments, blank lines, CRLF and uppercase hex', () => {
    const text = [
      '# trusted signers for octo/hello',
      '',
      `${KEY_A.publicKeyHex} ci signing key   # rotated 2025-01`,
      `   ${KEY_B.publicKeyHex.toUpperCase()}\t alice's laptop\r`,
      '# a commented-out key:',
      `# ${'0'.repeat(64)}`,
      `${'ab'.repeat(32)}`,
      '   ',
    ].join('\r\n');
    const keys = parseTrustedKeys(text, '.truss/trusted-keys');
    // Untagged lines pin signer + reviewer (docs/ledger.md "Trusted keys and roles").
    const roles = ['signer', 'reviewer'];
    expect([...keys.entries()]).toEqual([
      [KEY_A.publicKeyHex, { label: 'ci signing key', roles }],
      [KEY_B.publicKeyHex, { label: "alice's laptop", roles }],
      ['ab'.repeat(32), { label: '', roles }],
    ]);
  });

  it('an empty or comment-only file → no keys', () => {
    expect(parseTrustedKeys('', 'f').size).toBe(0);
    expect(parseTrustedKeys('# nothing yet\n\n', 'f').size).toBe(0);
  });

  it('a bad line → KeyError naming file:line', () => {
    const text = `# header\n${KEY_A.publicKeyHex} ok\n${KEY_B.publicKeyHex.slice(0, 63)} truncated\n`;
    const error = keyError(() => parseTrustedKeys(text, '/repo/.truss/trusted-keys'));
    expect(error.message).toMatch(
      /^\/repo\/\.truss\/trusted-keys:3: expected a 64-character hex Ed25519 public key, got 63 hex characters/,
    );
  });

  it.each([
    ['a 65-character key', `${KEY_A.publicKeyHex}0`],
    ['a non-hex character', `${KEY_A.publicKeyHex.slice(0, 63)}g`],
    ['an ssh-ed25519 line', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI user@host'],
    ['a key id instead of a key', KEY_A.keyId],
  ])('rejects %s on line 2', (_what, line) => {
    expect(keyError(() => parseTrustedKeys(`\n${line}\n`, 'keys.txt')).message).toMatch(/^keys\.txt:2: /);
  });
});

describe('parsePublicKeyHex', () => {
  it('accepts lower- and uppercase hex with surrounding whitespace', () => {
    expect(
      Buffer.from(parsePublicKeyHex(` ${KEY_A.publicKeyHex.toUpperCase()}\n`, '--key')).toString('hex'),
    ).toBe(KEY_A.publicKeyHex);
  });

  it('rejects the wrong length, naming the source', () => {
    expect(keyError(() => parsePublicKeyHex(KEY_A.publicKeyHex.slice(2), '--key')).message).toBe(
      '--key: expected a 64-character hex Ed25519 public key, got 62 hex characters',
    );
  });
});

describe('SigningKey never exposes its seed', () => {
  const seedHex = SEED_A.toString('hex');

  it('JSON serialization is exactly the public key and key id', () => {
    expect(JSON.parse(JSON.stringify(KEY_A))).toEqual({ publicKey: KEY_A.publicKeyHex, keyId: KEY_A.keyId });
    expect(JSON.stringify({ nested: [KEY_A] })).not.toContain(B64_A);
  });

  it('neither JSON, util.inspect (even showHidden) nor string conversion contains the seed', () => {
    const renderings = [
      JSON.stringify(KEY_A),
      inspect(KEY_A, { showHidden: true, depth: 10, getters: true }),
      String(KEY_A),
      `${Object.entries(KEY_A)}`,
    ];
    for (const text of renderings) {
      expect(text).not.toContain(B64_A);
      expect(text).not.toContain(seedHex);
      expect(text).not.toContain(SEED_A.toString('base64url'));
    }
    expect(Object.keys(KEY_A).sort()).toEqual(['keyId', 'publicKey', 'publicKeyHex']);
  });

  it('generate() returns a fresh seed whose base64 round-trips to the same key', () => {
    const { key, seedBase64 } = SigningKey.generate();
    expect(seedBase64).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(parseSeedBase64(seedBase64, 'generated').publicKeyHex).toBe(key.publicKeyHex);
    expect(JSON.stringify(key)).not.toContain(seedBase64);
    expect(SigningKey.generate().key.publicKeyHex).not.toBe(key.publicKeyHex);
  });

  it('fromSeed rejects a seed that is not 32 bytes', () => {
    expect(keyError(() => SigningKey.fromSeed(new Uint8Array(31))).message).toBe(
      'an Ed25519 seed is 32 bytes, got 31',
    );
  });
});
