#!/usr/bin/env node
import { createRequire as __trussCreateRequire } from 'node:module';
const require = __trussCreateRequire(import.meta.url);
import {
  EXIT
} from "./chunk-AHF3UCFR.js";
import {
  package_default
} from "./chunk-6CGPKGQX.js";
import {
  UsageError,
  processIo
} from "./chunk-KUQNSCDZ.js";
import "./chunk-U6BMVJCF.js";
import "./chunk-SNYT3JXL.js";
import "./chunk-336NPC2I.js";
import "./chunk-ASHGVO73.js";
import "./chunk-VUSAMCY7.js";
import "./chunk-OCGEL2BZ.js";
import "./chunk-C24IPAXU.js";

// src/cli/run.ts
var MAIN_HELP = `truss ${package_default.version} \u2014 contracts, independent verification, signed verdicts

Usage: truss <command> [options]

Commands:
  run CONTRACT                     run a contract: executor, harness checks, reviewer panel, signed verdict
  resume SESSION                   continue a suspended or interrupted run (replays its journal)
  signal SESSION NAME [PAYLOAD]    deliver a signal to a waiting run and resume it
  eval CONTRACT --arms A,B         paired eval: N runs per arm, one signed comparison
  bench-verdicts DATASET.jsonl     verdict-quality benchmark: false PASS / false FAIL of checks, panel, both
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
  mcp list|probe SERVER|serve      the declared MCP servers and their tools (probe starts one);
                                   serve: Truss itself as an MCP server for an editor's agent
  memory list|show|propose|promote|revoke|export
                                   governed memory: trust tiers, signed promotions (docs/memory.md)
  lesson list                      lessons extracted from verdicts or proposed by agents
  playbook import|list|show|promote|revoke
                                   team playbooks as governed memory (SKILL.md, .truss/playbooks)

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
  keygen: async () => (await import("./keygen-O76TO3CZ.js")).keygen,
  verify: async () => (await import("./verify-I7T3HG5Y.js")).verify,
  attest: async () => (await import("./attest-PPFBJPRM.js")).attest,
  "verify-attestation": async () => (await import("./verify-attestation-7UMBN3IC.js")).verifyAttestation,
  report: async () => (await import("./report-FUQWK3QY.js")).report,
  ledger: async () => (await import("./ledger-K57E4RK6.js")).ledger,
  review: async () => (await import("./review-6WRICFPR.js")).review,
  run: async () => (await import("./run-OEKBYF65.js")).run,
  resume: async () => (await import("./resume-G2CRCRIE.js")).resume,
  signal: async () => (await import("./signal-Q7DBOIQ5.js")).signal,
  eval: async () => (await import("./eval-UBZ5DZLV.js")).evalCommand,
  "bench-verdicts": async () => (await import("./bench-verdicts-YT32MK6R.js")).benchVerdicts,
  anchor: async () => (await import("./anchor-VEGGIKSJ.js")).anchor,
  mcp: async () => (await import("./mcp-2263VHTM.js")).mcp,
  memory: async () => (await import("./memory-T4QW676R.js")).memory,
  lesson: async () => (await import("./playbook-76UW5PAK.js")).lesson,
  playbook: async () => (await import("./playbook-76UW5PAK.js")).playbook
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
    if (error instanceof UsageError) {
      io.stderr(`truss: ${error.message}
Run \`truss --help\` for usage.
`);
      return EXIT.usage;
    }
    return (await import("./error-exit-FGGMY47V.js")).reportError(error, io);
  }
}
export {
  MAIN_HELP,
  run
};
