#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  cliTrustedKeys
} from "./chunk-K4EWXBDF.js";

// src/cli/trust-options.ts
var TRUST_OPTIONS = {
  key: { type: "string", multiple: true },
  "trusted-keys": { type: "string" }
};
var TRUST_HELP = `  --key HEX              a trusted public key (64 hex chars), for every role; repeatable
  --trusted-keys FILE    a file of trusted public keys, one per line: HEX [roles=signer,reviewer,log] [label]
                         (default: .truss/trusted-keys, if the default branch has it
                         as it is here; see docs/ledger.md)`;
function trustFrom(values, io) {
  return cliTrustedKeys(io, { keys: values.key ?? [], file: values["trusted-keys"], cwd: io.cwd });
}

export {
  TRUST_OPTIONS,
  TRUST_HELP,
  trustFrom
};
