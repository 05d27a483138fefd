#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  formatReport
} from "./chunk-G2KICODU.js";
import "./chunk-7YTOE65D.js";
import {
  TRUST_HELP,
  TRUST_OPTIONS,
  trustFrom
} from "./chunk-ZFCKMRPV.js";
import "./chunk-K4EWXBDF.js";
import {
  checkReceipt
} from "./chunk-RDZHSOJG.js";
import {
  parseCommandArgs,
  requirePositionals
} from "./chunk-K43WZLCU.js";
import {
  emit,
  printHelp
} from "./chunk-KUQNSCDZ.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-SNYT3JXL.js";
import "./chunk-336NPC2I.js";
import "./chunk-ASHGVO73.js";
import {
  VERIFY_EXIT_CODES,
  createNodeCrypto,
  verifyBundleFile
} from "./chunk-P2CFU6IE.js";
import "./chunk-VUSAMCY7.js";
import "./chunk-OCGEL2BZ.js";
import "./chunk-R5YT675F.js";
import "./chunk-SF6ZOAOS.js";
import "./chunk-C24IPAXU.js";

// src/cli/commands/verify.ts
var VERIFY_HELP = `Usage: truss verify BUNDLE.json [--key HEX | --trusted-keys FILE] [--json]

Verifies an exported ledger bundle (truss.ledger.v1) offline: contiguous seq, prev links,
recomputed hashes, every signature, the head hash, child sessions, human reviews and the
convenience views. Without a pinned key the best possible result is "integrity_only".
Bundles as \`truss ledger export\` writes them (one entry per line) are streamed at constant
memory, whatever their size; other JSON layouts are read whole, up to 512 MiB.

Options:
${TRUST_HELP}
  --json                 print the full report as JSON

Exit codes: 0 verified, 1 failed, 3 unreadable input, 4 integrity_only, 5 incomplete,
6 suspended (intact and pinned, but the run is waiting: not a finished run), 64 usage`;
function verify(args, io) {
  const { values, positionals } = parseCommandArgs("verify", args, {
    ...TRUST_OPTIONS,
    json: { type: "boolean" }
  });
  if (values.help) return printHelp(io, VERIFY_HELP);
  const [file] = requirePositionals("verify", positionals, ["BUNDLE.json"]);
  const { trusted, source } = trustFrom(values, io);
  const report = verifyBundleFile(file, { crypto: createNodeCrypto(), trusted, receipts: checkReceipt });
  emit(
    io,
    Boolean(values.json),
    { file, trust_source: source, ...report },
    () => formatReport(report, source)
  );
  return VERIFY_EXIT_CODES[report.status];
}
export {
  VERIFY_HELP,
  verify
};
