import { hexToBytes } from './encoding.js';
import { KeyError } from './errors.js';
import { notAPublicKey } from './public-key-shape.js';

/**
 * What a pinned key is trusted to sign (docs/ledger.md "Trusted keys and roles"):
 * - `signer`: a ledger's session key (every entry but human reviews) and verdict attestations;
 * - `reviewer`: `human_review` sign-offs and approval-gate decisions;
 * - `log`: transparency-log checkpoints (anchor receipts, `truss anchor verify-log`).
 * One pinned set serves several checks, so a key trusted for one role must not pass another: a
 * review-signing key is not a ledger signer.
 */
export type KeyRole = 'signer' | 'reviewer' | 'log';

export const KEY_ROLES: readonly KeyRole[] = ['signer', 'reviewer', 'log'];

/** Roles an untagged trusted-keys line grants: what such a file meant before roles existed, minus `log`. */
export const UNTAGGED_ROLES: readonly KeyRole[] = ['signer', 'reviewer'];

/** A pin limited to some roles: every line of a trusted-keys file, and keys code pins for one purpose. */
export interface RolePin {
  label: string;
  roles: readonly KeyRole[];
}

/**
 * Public keys a verifier accepts, by lowercase hex. The value is a label — a pin for every role, as
 * an explicit `--key HEX` or a key typed into the report page is: the person verifying vouches for it
 * here and now — or a RolePin limited to its roles. Ask with isPinned, never with `has`.
 */
export type TrustedKeys = ReadonlyMap<string, string | RolePin>;

export const NO_TRUSTED_KEYS: TrustedKeys = new Map();

/** A pin for `roles` only. */
export function rolePin(label: string, roles: readonly KeyRole[]): RolePin {
  return { label, roles: [...roles] };
}

/** True when `publicKeyHex` is pinned and trusted for `role`. */
export function isPinned(trusted: TrustedKeys, publicKeyHex: string, role: KeyRole): boolean {
  return pinnedRoles(trusted, publicKeyHex).includes(role);
}

/** The roles `publicKeyHex` is pinned for (empty when it is not pinned). */
export function pinnedRoles(trusted: TrustedKeys, publicKeyHex: string): readonly KeyRole[] {
  return rolesOf(trusted.get(publicKeyHex));
}

/** A pin's roles; anything malformed (a hand-edited report page) pins nothing (fail closed). */
function rolesOf(pin: string | RolePin | undefined): readonly KeyRole[] {
  if (typeof pin === 'string') return KEY_ROLES;
  return Array.isArray(pin?.roles) ? pin.roles : [];
}

/** True when some key is pinned for `role`: with none, a check of that role has nothing to hold on to. */
export function hasRole(trusted: TrustedKeys, role: KeyRole): boolean {
  for (const pin of trusted.values()) if (rolesOf(pin).includes(role)) return true;
  return false;
}

/** The hex keys pinned for `role`. */
export function keysFor(trusted: TrustedKeys, role: KeyRole): string[] {
  return [...trusted.keys()].filter((hex) => isPinned(trusted, hex, role));
}

/**
 * Parses a trusted-keys file (`.truss/trusted-keys`): one 64-hex public key per line, then optionally
 * `roles=signer,reviewer,log` (any non-empty subset), then an optional label; blank lines and `#`
 * comments are ignored. A line without `roles=` keeps the meaning such files had before roles:
 * signer and reviewer (UNTAGGED_ROLES), and `onWarning` is told once per file so people tag them.
 * Errors name `source:line`.
 */
export function parseTrustedKeys(
  text: string,
  source: string,
  onWarning?: (message: string) => void,
): Map<string, RolePin> {
  const keys = new Map<string, RolePin>();
  const untagged: number[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const content = line.replace(/#.*/, '').trim();
    if (content === '') return;
    const [hex = '', ...rest] = content.split(/\s+/);
    if (!hexToBytes(hex.toLowerCase(), 32)) {
      throw new KeyError(
        `${source}:${index + 1}: ${notAPublicKey(hex)} (docs/ledger.md "Trusted keys and roles")`,
      );
    }
    // A roles word anywhere but exactly `roles=` right after the key (`Roles=reviewer`, `roles =
    // reviewer`, `label roles=reviewer`) would make the line untagged — signer and reviewer, the
    // widest pin — where its author meant to narrow it, so it is refused.
    const misplaced = rest.findIndex(
      (word, i) => /^roles\b/i.test(word) && !(i === 0 && word.startsWith('roles=')),
    );
    if (misplaced !== -1) {
      throw new KeyError(
        `${source}:${index + 1}: ${JSON.stringify(rest[misplaced]?.slice(0, 40))} is not read as roles; write \`HEX roles=ROLE[,ROLE…] [label]\` with roles= in lowercase right after the key and no spaces around = (docs/ledger.md "Trusted keys and roles")`,
      );
    }
    let roles: KeyRole[];
    if (rest[0]?.startsWith('roles=')) {
      roles = parseRoles((rest.shift() as string).slice('roles='.length), `${source}:${index + 1}`);
    } else {
      roles = [...UNTAGGED_ROLES];
      untagged.push(index + 1);
    }
    const key = hex.toLowerCase();
    const earlier = keys.get(key);
    const merged = earlier ? [...new Set([...earlier.roles, ...roles])] : roles;
    keys.set(key, { label: rest.join(' ') || earlier?.label || '', roles: merged });
  });
  if (untagged.length > 0) {
    onWarning?.(
      `${source}: line${untagged.length > 1 ? 's' : ''} ${untagged.join(', ')} pin${untagged.length > 1 ? '' : 's'} a key without roles=…, so it is trusted as signer and reviewer; add roles=signer, roles=reviewer or roles=log after the key to say which (docs/ledger.md "Trusted keys and roles")`,
    );
  }
  return keys;
}

function parseRoles(text: string, where: string): KeyRole[] {
  const roles = text.split(',').filter((r) => r !== '');
  const bad = roles.filter((r) => !(KEY_ROLES as readonly string[]).includes(r));
  if (roles.length === 0 || bad.length > 0) {
    throw new KeyError(
      `${where}: roles=${text} is not a comma-separated list of ${KEY_ROLES.join(', ')}; write e.g. roles=signer or roles=signer,reviewer`,
    );
  }
  return [...new Set(roles)] as KeyRole[];
}
