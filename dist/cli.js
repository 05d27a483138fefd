#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  WorkdirMismatchError
} from "./chunks/chunk-747UD6WP.js";
import {
  SessionBusyError
} from "./chunks/chunk-LZ53B2P3.js";
import {
  GitRefError,
  ProviderError
} from "./chunks/chunk-V6WPCBFR.js";
import {
  IsolationSetupError,
  IsolationUnavailableError
} from "./chunks/chunk-DSPB5HG2.js";
import {
  ContractError
} from "./chunks/chunk-6AKRE7LE.js";
import {
  AttestationFormatError
} from "./chunks/chunk-FRX3AGFA.js";
import {
  EXIT
} from "./chunks/chunk-AHF3UCFR.js";
import {
  OutputPathError
} from "./chunks/chunk-YOHY7DC3.js";
import {
  package_default
} from "./chunks/chunk-IY22HZ7Z.js";
import {
  UsageError,
  processIo
} from "./chunks/chunk-PQNVCJVT.js";
import {
  BundleFormatError,
  CanonicalJsonError,
  KeyError,
  LedgerError,
  LogError,
  NoteError,
  ProofError
} from "./chunks/chunk-ELQBYAJO.js";
import "./chunks/chunk-C24IPAXU.js";

// src/cli/run.ts
var MAIN_HELP = `truss ${package_default.version} \u2014 contracts, independent verification, signed verdicts

Usage: truss <command> [options]

Commands:
  run CONTRACT                     run a contract: executor, harness checks, reviewer panel, signed verdict
  resume SESSION                   continue a suspended or interrupted run (replays its journal)
  signal SESSION NAME [PAYLOAD]    deliver a signal to a waiting run and resume it
  keygen                           create an Ed25519 signing key
  verify BUNDLE.json               verify an exported ledger bundle offline
  attest SESSION|BUNDLE.json -o F  sign an in-toto verdict attestation (DSSE; --sigstore-bundle too)
  verify-attestation FILE          verify a verdict attestation offline (--key HEX [--bundle B])
  report BUNDLE.json [-o FILE]     write a self-contained HTML report that re-verifies the ledger in the browser
  ledger list|show|get|verdict|export|verify|shred
                                   read, export and verify a ledger database
  review approve|reject|needs-changes SESSION
                                   record a signed human sign-off
  anchor init|prove|checkpoint|verify-log
                                   anchor ledger heads in a transparency log; verify the log

Run \`truss <command> --help\` for options. Read commands take --json.

Exit codes:
  0  success / verified / run verdict PASS
  1  verification failed (tampered, forged or broken evidence) / run verdict FAIL
  2  run verdict UNVERIFIABLE
  3  input or config error (malformed contract, bundle or key; missing file or session)
  4  integrity only (chain intact, signer not pinned)
  5  incomplete (chain intact, run unfinished or truncated)
  6  run suspended (approval gate, signal or timer); the output says how to release it /
     verify: chain intact and pinned, but the run is suspended (not a finished run)
  64 usage error (bad flags or arguments)
  130 run interrupted by Ctrl-C (143: SIGTERM); the ledger ends with a signed run_failed`;
var COMMANDS = {
  keygen: async () => (await import("./chunks/keygen-K6HMZVNF.js")).keygen,
  verify: async () => (await import("./chunks/verify-4PR4DB7N.js")).verify,
  attest: async () => (await import("./chunks/attest-4HZ3R4J5.js")).attest,
  "verify-attestation": async () => (await import("./chunks/verify-attestation-G3JW3T2L.js")).verifyAttestation,
  report: async () => (await import("./chunks/report-6ZDQ7CMF.js")).report,
  ledger: async () => (await import("./chunks/ledger-DNP64K2F.js")).ledger,
  review: async () => (await import("./chunks/review-IUBM3TGL.js")).review,
  run: async () => (await import("./chunks/run-ZJQHTQ6X.js")).run,
  resume: async () => (await import("./chunks/resume-67FZED7O.js")).resume,
  signal: async () => (await import("./chunks/signal-XA2NHH6U.js")).signal,
  anchor: async () => (await import("./chunks/anchor-DGORQOZS.js")).anchor
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
function unusableDatabase(error) {
  const { name, code } = error ?? {};
  return name === "SqliteError" && typeof code === "string" && /^SQLITE_(CORRUPT|NOTADB)(_|$)/.test(code);
}
function report(error, io) {
  if (error instanceof UsageError) {
    io.stderr(`truss: ${error.message}
Run \`truss --help\` for usage.
`);
    return EXIT.usage;
  }
  const inputErrors = [
    SessionBusyError,
    OutputPathError,
    WorkdirMismatchError,
    BundleFormatError,
    KeyError,
    LedgerError,
    CanonicalJsonError,
    ContractError,
    ProviderError,
    GitRefError,
    AttestationFormatError,
    LogError,
    NoteError,
    ProofError,
    IsolationUnavailableError,
    IsolationSetupError
  ];
  if (inputErrors.some((type) => error instanceof type)) {
    io.stderr(`truss: ${error.message}
`);
    return EXIT.input;
  }
  if (unusableDatabase(error)) {
    io.stderr(
      `truss: the ledger database is damaged or not a database (${error.code}: ${error.message}); restore it from a backup or re-import an exported bundle
`
    );
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
