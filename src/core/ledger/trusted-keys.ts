import { hexToBytes } from './encoding.js';
import { KeyError } from './errors.js';

/** Public keys a verifier accepts as signers, by lowercase hex, with an optional human label. */
export type TrustedKeys = ReadonlyMap<string, string>;

export const NO_TRUSTED_KEYS: TrustedKeys = new Map();

/**
 * Parses a trusted-keys file (`.truss/trusted-keys`): one 64-hex public key per line, optionally
 * followed by a label; blank lines and `#` comments are ignored. Errors name `source:line`.
 */
export function parseTrustedKeys(text: string, source: string): Map<string, string> {
  const keys = new Map<string, string>();
  text.split(/\r?\n/).forEach((line, index) => {
    const content = line.replace(/#.*/, '').trim();
    if (content === '') return;
    const [hex = '', ...label] = content.split(/\s+/);
    if (!hexToBytes(hex.toLowerCase(), 32)) {
      throw new KeyError(
        `${source}:${index + 1}: expected a 64-character hex Ed25519 public key, got ${JSON.stringify(hex.slice(0, 80))}`,
      );
    }
    keys.set(hex.toLowerCase(), label.join(' '));
  });
  return keys;
}
