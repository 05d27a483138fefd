#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  WorkdirMismatchError
} from "./chunk-NLXTTLZQ.js";
import {
  GitRefError,
  IsolationSetupError,
  IsolationUnavailableError,
  ProviderError,
  SessionBusyError
} from "./chunk-JS4RAAFT.js";
import "./chunk-FGO343MA.js";
import {
  AttestationFormatError
} from "./chunk-NK5WVRMQ.js";
import {
  package_default
} from "./chunk-A5EGQXLX.js";
import {
  OutputPathError
} from "./chunk-YOHY7DC3.js";
import "./chunk-UE2FQCNU.js";
import {
  ContractError
} from "./chunk-C4ORF7HY.js";
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import "./chunk-E2XF3M5S.js";
import {
  LogError,
  NoteError,
  ProofError
} from "./chunk-AXUT4KTB.js";
import {
  UsageError,
  processIo
} from "./chunk-PQNVCJVT.js";
import {
  BundleFormatError,
  CanonicalJsonError,
  KeyError,
  LedgerError
} from "./chunk-CE73N2QF.js";
import "./chunk-HASXX6FY.js";
import "./chunk-C24IPAXU.js";

// src/cli/run.ts
var MAIN_HELP = `truss ${package_default.version} \u2014 contracts, independent verification, signed verdicts

Usage: truss <command> [options]

Commands:
  run CONTRACT                     run a contract: executor, harness checks, reviewer panel, signed verdict
  resume SESSION                   continue a suspended or interrupted run (replays its journal)
  signal SESSION NAME [PAYLOAD]    deliver a signal to a waiting run and resume it
  eval CONTRACT --arms A,B         paired eval: N runs per arm, one signed comparison
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
  mcp list|probe SERVER            the declared MCP servers and their tools (probe starts one)

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
  keygen: async () => (await import("./keygen-GEKOTJHN.js")).keygen,
  verify: async () => (await import("./verify-XFERU5Z2.js")).verify,
  attest: async () => (await import("./attest-OYU4UPTZ.js")).attest,
  "verify-attestation": async () => (await import("./verify-attestation-IQ7I3ZQG.js")).verifyAttestation,
  report: async () => (await import("./report-22QJW5C5.js")).report,
  ledger: async () => (await import("./ledger-24Z4U4IX.js")).ledger,
  review: async () => (await import("./review-F7E6PPJ2.js")).review,
  run: async () => (await import("./run-JWVFUX7T.js")).run,
  resume: async () => (await import("./resume-KLP4TWHF.js")).resume,
  signal: async () => (await import("./signal-DUOOFOD4.js")).signal,
  eval: async () => (await import("./eval-FRT77D5J.js")).evalCommand,
  anchor: async () => (await import("./anchor-JJ3FJPLB.js")).anchor,
  mcp: async () => (await import("./mcp-QVD4EDPC.js")).mcp
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
export {
  MAIN_HELP,
  run
};
