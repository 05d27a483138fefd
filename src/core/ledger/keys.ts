import {
  createHash,
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { readInput } from '../input-file.js';
import { cannotRead, missingFile } from '../read-failure.js';
import { bytesToHex, hexToBytes } from './encoding.js';
import { KeyError } from './errors.js';
import { keyIdFromPublicKey } from './key-id.js';
import { notAPublicKey } from './public-key-shape.js';

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** Anything that can sign ledger entries: the session key, or a reviewer's key for `human_review`. */
export interface Signer {
  readonly publicKey: Uint8Array;
  readonly publicKeyHex: string;
  readonly keyId: string;
  sign(message: Uint8Array): Uint8Array;
}

/** A signer backed by a 32-byte Ed25519 seed held in a node KeyObject (never logged, never serialised). */
export class SigningKey implements Signer {
  readonly publicKey: Uint8Array;
  readonly publicKeyHex: string;
  readonly keyId: string;
  readonly #privateKey: KeyObject;

  private constructor(privateKey: KeyObject) {
    this.#privateKey = privateKey;
    // Exported as a JWK: a DER export made OpenSSL set up its encoders on first use (docs/performance.md).
    const { x } = createPublicKey(privateKey).export({ format: 'jwk' });
    this.publicKey = new Uint8Array(Buffer.from(x as string, 'base64url'));
    this.publicKeyHex = bytesToHex(this.publicKey);
    this.keyId = keyIdFromPublicKey(this.publicKey, sha256);
  }

  static fromSeed(seed: Uint8Array): SigningKey {
    if (seed.length !== 32) throw new KeyError(`an Ed25519 seed is 32 bytes, got ${seed.length}`);
    // PKCS#8 DER, not a JWK: Node 24 refuses a private JWK whose `x` is not the public key, which is
    // what this is about to derive.
    const der = Buffer.concat([PKCS8_ED25519_PREFIX, seed]);
    return new SigningKey(createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }));
  }

  static generate(): { key: SigningKey; seedBase64: string } {
    const seed = randomBytes(32);
    return { key: SigningKey.fromSeed(seed), seedBase64: seed.toString('base64') };
  }

  sign(message: Uint8Array): Uint8Array {
    return sign(null, message, this.#privateKey);
  }

  /** Keeps the seed out of accidental `console.log` / JSON output. */
  toJSON(): { publicKey: string; keyId: string } {
    return { publicKey: this.publicKeyHex, keyId: this.keyId };
  }
}

function sha256(data: Uint8Array): Uint8Array {
  return createHash('sha256').update(data).digest();
}

/**
 * Parses the one-line base64 seed format shared by key files and `TRUSS_SIGNING_KEY`. `source`
 * names where the text came from; the text itself never appears in an error.
 */
export function parseSeedBase64(text: string, source: string): SigningKey {
  const trimmed = text.trim();
  if (trimmed === '')
    throw new KeyError(`${source} is empty; expected one line of base64 (a 32-byte Ed25519 seed)`);
  // 64 hex characters are base64 too, of 48 bytes: say what they are instead (docs/cli.md, `truss keygen`).
  if (/^[0-9a-f]{64}$/i.test(trimmed)) throw new KeyError(`${source} ${HEX_NOT_SEED}`);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) || trimmed.length % 4 !== 0) {
    throw new KeyError(
      `${source} is not base64; expected one line of base64 (a 32-byte Ed25519 seed, from \`truss keygen\`)`,
    );
  }
  const seed = Buffer.from(trimmed, 'base64');
  if (seed.length !== 32) {
    throw new KeyError(
      `${source} decodes to ${seed.length} bytes; an Ed25519 seed is 32 bytes (generate one with \`truss keygen\`)`,
    );
  }
  return SigningKey.fromSeed(seed);
}

const HEX_NOT_SEED =
  'is 64 hex characters, the form of a public key (what `truss verify --key` takes); signing takes the secret key `truss keygen` wrote: one line of base64, the content of its key file';

/**
 * Key files that were pipes (`--key <(pass show key)`, `--key /dev/stdin`), by path: their text,
 * for the rest of the process. A command reads its key more than once (to sign, and as a run secret
 * for the secret scan; `truss mcp serve` once per run), and a pipe gives its text once: the second
 * read found it empty, so the seed was not scanned for or the command failed (docs/cli.md "Input files").
 */
const pipedKeyFiles = new Map<string, string>();

/**
 * The text of the key file at `path` (an absolute path), read as every input file is: never waits on
 * a FIFO, refuses a device (docs/cli.md "Input files"). A pipe is read once per process.
 */
export function readKeyFileText(path: string): string {
  const kept = pipedKeyFiles.get(path);
  if (kept !== undefined) return kept;
  const { bytes, pipe } = readInput(path);
  const text = bytes.toString('utf8');
  if (pipe) pipedKeyFiles.set(path, text);
  return text;
}

/** Loads a key file written by `truss keygen`. Warns through `onWarning` when others can read it. */
export function loadKeyFile(path: string, onWarning?: (message: string) => void): SigningKey {
  let text: string;
  try {
    text = readKeyFileText(path);
  } catch (error) {
    // `--key HEX` is how `truss verify` takes a public key; a command that signs takes a key file.
    // Not repeated: 64 hex characters could as well be a seed written in hex.
    if (missingFile(error) && /^[0-9a-f]{64}$/i.test(basename(path)))
      throw new KeyError(
        `no key file by that name: the value given ${HEX_NOT_SEED}; pass that file (--key FILE; default ~/.config/truss/signing.key)`,
      );
    throw new KeyError(
      `${cannotRead(`key file ${path}`, error)}${missingFile(error) ? `; create one with \`truss keygen --out ${path}\`` : ''}`,
    );
  }
  if (onWarning && process.platform !== 'win32' && (statSync(path).mode & 0o077) !== 0) {
    onWarning(`key file ${path} is readable by other users; run \`chmod 600 ${path}\``);
  }
  return parseSeedBase64(text, `key file ${path}`);
}

/**
 * Resolves the signing key: an explicit file wins over the `TRUSS_SIGNING_KEY` variable. There is
 * no per-install fallback here, so the advice names a file to create: a plain `truss keygen` writes
 * the per-install key, which this never reads (docs/cli.md, `truss keygen`).
 */
export function resolveSigningKey(options: {
  keyFile?: string | undefined;
  env: Record<string, string | undefined>;
  onWarning?: (message: string) => void;
  /** The key file the advice suggests creating (default FILE). */
  suggestedFile?: string;
}): SigningKey {
  if (options.keyFile) return loadKeyFile(options.keyFile, options.onWarning);
  const fromEnv = options.env.TRUSS_SIGNING_KEY;
  if (fromEnv !== undefined && fromEnv !== '') return parseSeedBase64(fromEnv, 'TRUSS_SIGNING_KEY');
  const file = options.suggestedFile ?? 'FILE';
  throw new KeyError(
    `no signing key: pass --key FILE or set TRUSS_SIGNING_KEY (create one with \`truss keygen --out ${file}\`, then pass --key ${file})`,
  );
}

/** Parses a 64-char lowercase/uppercase hex public key as given on a command line or in a trusted-keys file. */
export function parsePublicKeyHex(text: string, source: string): Uint8Array {
  const key = hexToBytes(text.trim().toLowerCase(), 32);
  if (!key) throw new KeyError(`${source}: ${notAPublicKey(text)}`);
  return key;
}

/** Computes the key id for a raw public key with node's SHA-256. */
export function keyIdOf(publicKey: Uint8Array): string {
  return keyIdFromPublicKey(publicKey, sha256);
}

/**
 * Loads the per-install key at `path`, creating it (0600, in a 0700 directory) on first use so
 * `truss run` works without setup. `created` tells the host to print where the key lives. A key
 * that cannot be created (an unwritable or missing HOME) is a KeyError ending in `otherwise`, what
 * the user can do instead (docs/cli.md, exit 3), never an unexpected error.
 */
export function loadOrCreateKeyFile(
  path: string,
  otherwise = 'pass --key FILE',
): { key: SigningKey; created: boolean } {
  if (existsSync(path)) return { key: loadKeyFile(path), created: false };
  const { key, seedBase64 } = SigningKey.generate();
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(path, `${seedBase64}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { key: loadKeyFile(path), created: false };
    throw new KeyError(
      `cannot create key file ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}); ${otherwise}`,
    );
  }
  return { key, created: true };
}
