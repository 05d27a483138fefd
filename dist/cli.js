#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  package_default
} from "./chunks/chunk-2KBYJB54.js";
import {
  ContractError,
  GitRefError,
  ProviderError
} from "./chunks/chunk-C3WECTBP.js";
import {
  EXIT
} from "./chunks/chunk-DO22XCNI.js";
import {
  UsageError,
  processIo
} from "./chunks/chunk-PQNVCJVT.js";
import {
  BundleFormatError,
  CanonicalJsonError,
  KeyError,
  LedgerError
} from "./chunks/chunk-3RKGATMD.js";
import "./chunks/chunk-AACXSQ3N.js";

// src/cli/run.ts
var MAIN_HELP = `truss ${package_default.version} \u2014 contracts, independent verification, signed verdicts

Usage: truss <command> [options]

Commands:
  run CONTRACT                     run a contract: executor, harness checks, reviewer panel, signed verdict
  resume SESSION                   continue a suspended or interrupted run (replays its journal)
  signal SESSION NAME [PAYLOAD]    deliver a signal to a waiting run and resume it
  keygen                           create an Ed25519 signing key
  verify BUNDLE.json               verify an exported ledger bundle offline
  ledger list|show|get|verdict|export|verify|shred
                                   read, export and verify a ledger database
  review approve|reject|needs-changes SESSION
                                   record a signed human sign-off

Run \`truss <command> --help\` for options. Read commands take --json.

Exit codes:
  0  success / verified / run verdict PASS
  1  verification failed (tampered, forged or broken evidence) / run verdict FAIL
  2  run verdict UNVERIFIABLE
  3  input or config error (malformed contract, bundle or key; missing file or session)
  4  integrity only (chain intact, signer not pinned)
  5  incomplete (chain intact, run unfinished or truncated)
  6  run suspended (approval gate, signal or timer); the output says how to release it
  64 usage error (bad flags or arguments)`;
var COMMANDS = {
  keygen: async () => (await import("./chunks/keygen-JMLMR7DL.js")).keygen,
  verify: async () => (await import("./chunks/verify-KWHZTOFL.js")).verify,
  ledger: async () => (await import("./chunks/ledger-OQYLEAIK.js")).ledger,
  review: async () => (await import("./chunks/review-QKWOKVFC.js")).review,
  run: async () => (await import("./chunks/run-KJCT6X4I.js")).run,
  resume: async () => (await import("./chunks/resume-42JCDWTE.js")).resume,
  signal: async () => (await import("./chunks/signal-RUWCEDI3.js")).signal
};
async function run(argv, io = processIo()) {
  const [command, ...args] = argv;
  try {
    if (!command || command === "--help" || command === "-h" || command === "help") {
      io.stdout(`${MAIN_HELP}
`);
      return command ? EXIT.ok : EXIT.usage;
    }
    if (command === "--version" || command === "-V" || command === "version") {
      io.stdout(`${package_default.version}
`);
      return EXIT.ok;
    }
    const load = COMMANDS[command];
    if (!load) throw new UsageError(`unknown command "${command}"`);
    return await (await load())(args, io);
  } catch (error) {
    return report(error, io);
  }
}
function report(error, io) {
  if (error instanceof UsageError) {
    io.stderr(`truss: ${error.message}
Run \`truss --help\` for usage.
`);
    return EXIT.usage;
  }
  const inputErrors = [
    BundleFormatError,
    KeyError,
    LedgerError,
    CanonicalJsonError,
    ContractError,
    ProviderError,
    GitRefError
  ];
  if (inputErrors.some((type) => error instanceof type)) {
    io.stderr(`truss: ${error.message}
`);
    return EXIT.input;
  }
  io.stderr(
    `truss: unexpected error: ${error?.message ?? String(error)}
Please report it with the command you ran.
`
  );
  return EXIT.failed;
}

// src/cli/index.ts
process.exitCode = await run(process.argv.slice(2));
