import { resolveTrustedKeys } from '../core/ledger/index.js';
import type { CliIo } from './io.js';

/** The pinning flags shared by every verifying command. */
export const TRUST_OPTIONS = {
  key: { type: 'string', multiple: true },
  'trusted-keys': { type: 'string' },
} as const;

export const TRUST_HELP = `  --key HEX              a trusted public key (64 hex chars), for every role; repeatable
  --trusted-keys FILE    a file of trusted public keys, one per line: HEX [roles=signer,reviewer,log] [label]
                         (default: .truss/trusted-keys if present; see docs/ledger.md)`;

export function trustFrom(
  values: { key?: string[] | undefined; 'trusted-keys'?: string | undefined },
  io: CliIo,
) {
  return resolveTrustedKeys({
    keys: values.key ?? [],
    file: values['trusted-keys'],
    cwd: io.cwd,
    onWarning: (message) => io.stderr(`warning: ${message}\n`),
  });
}
