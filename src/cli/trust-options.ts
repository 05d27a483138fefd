import { resolveTrustedKeys } from '../core/ledger/index.js';
import type { CliIo } from './io.js';

/** The pinning flags shared by every verifying command. */
export const TRUST_OPTIONS = {
  key: { type: 'string', multiple: true },
  'trusted-keys': { type: 'string' },
} as const;

export const TRUST_HELP = `  --key HEX              a trusted public key (64 hex chars); repeatable
  --trusted-keys FILE    a file of trusted public keys, one per line (default: .truss/trusted-keys if present)`;

export function trustFrom(
  values: { key?: string[] | undefined; 'trusted-keys'?: string | undefined },
  io: CliIo,
) {
  return resolveTrustedKeys({ keys: values.key ?? [], file: values['trusted-keys'], cwd: io.cwd });
}
