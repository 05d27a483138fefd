import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Signer, SigningKey } from '../../src/core/ledger/index.js';

/** A deterministic key: the seed is 32 copies of `byte`. */
export function keyFromByte(byte: number): SigningKey {
  return SigningKey.fromSeed(seedFromByte(byte));
}

/** The key of {@link keyFromByte} and its base64 seed (what TRUSS_SIGNING_KEY and key files hold). */
export function seededKey(byte: number): { key: SigningKey; seedBase64: string } {
  return { key: keyFromByte(byte), seedBase64: Buffer.from(seedFromByte(byte)).toString('base64') };
}

function seedFromByte(byte: number): Uint8Array {
  return new Uint8Array(32).fill(byte);
}

/** Trusted keys (public key hex → label) for the verifier: `key-0`, `key-1`, … in argument order. */
export function trustedOf(...keys: Signer[]): Map<string, string> {
  return new Map(keys.map((key, i) => [key.publicKeyHex, `key-${i}`]));
}

/**
 * Writes a signing key file as `truss keygen` does (the base64 seed and a newline, mode 0600):
 * `key` is a seed byte (the key of {@link keyFromByte}) or a base64 seed. Returns `file`.
 */
export function writeKeyFile(file: string, key: number | string): string {
  const seed = typeof key === 'number' ? seededKey(key).seedBase64 : key;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${seed}\n`, { mode: 0o600 });
  return file;
}

/** Writes `<workdir>/.truss/trusted-keys` with one `<public key hex> <label>` line per entry; returns its path. */
export function writeTrustedKeys(workdir: string, keys: Record<string, string | Signer>): string {
  const file = join(workdir, '.truss', 'trusted-keys');
  const lines = Object.entries(keys).map(
    ([label, key]) => `${typeof key === 'string' ? key : key.publicKeyHex} ${label}\n`,
  );
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, lines.join(''));
  return file;
}

/** Writes a trusted-keys file at `file` pinning `key` as a signer (what `--trusted-keys FILE` takes); returns `file`. */
export function writeSignerPin(file: string, key: Signer, label = 'session'): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${key.publicKeyHex} roles=signer ${label}\n`);
  return file;
}
