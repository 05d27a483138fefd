import type { CliIo } from './io.js';
import { cliTrustedKeys } from './repo-trusted-keys.js';

/** The pinning flags shared by every verifying command. */
export const TRUST_OPTIONS = {
  key: { type: 'string', multiple: true },
  'trusted-keys': { type: 'string' },
} as const;

export const TRUST_HELP = `  --key HEX              a trusted public key (64 hex chars), for every role; repeatable
  --trusted-keys FILE    a file of trusted public keys, one per line: HEX [roles=signer,reviewer,log] [label]
                         (default: .truss/trusted-keys, if the default branch has it
                         as it is here; see docs/ledger.md)`;

export function trustFrom(
  values: { key?: string[] | undefined; 'trusted-keys'?: string | undefined },
  io: CliIo,
) {
  return cliTrustedKeys(io, { keys: values.key ?? [], file: values['trusted-keys'], cwd: io.cwd });
}
