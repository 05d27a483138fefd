import pkg from '../../package.json' with { type: 'json' };
import { EXIT } from './exit-codes.js';
import { type CliIo, processIo } from './io.js';
import { holdStdout } from './stdout-hold.js';
import { didYouMean, UsageError } from './usage-error.js';

export const MAIN_HELP = `truss ${pkg.version} — contracts, independent verification, signed verdicts

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
  memory list|show|propose|promote|revoke|approve|export
                                   governed memory: trust tiers, signed promotions (docs/memory.md)
  lesson list                      lessons extracted from verdicts or proposed by agents
  playbook import|list|show|promote|revoke|approve
                                   team playbooks as governed memory (SKILL.md, .truss/playbooks)

Run \`truss <command> --help\` (or \`truss help <command>\`) for its options and examples. Read
commands take --json.

Examples:
  truss run examples/contracts/repo-health.toml      # run a contract; prints the verify command
  truss verify .truss/bundles/SESSION.json --key HEX
  truss ledger list

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

type Command = (args: string[], io: CliIo) => number | Promise<number>;

/** Commands load on demand so `truss --version` does not pay for SQLite, git or model SDKs. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  keygen: async () => (await import('./commands/keygen.js')).keygen,
  verify: async () => (await import('./commands/verify.js')).verify,
  attest: async () => (await import('./commands/attest.js')).attest,
  'verify-attestation': async () => (await import('./commands/verify-attestation.js')).verifyAttestation,
  report: async () => (await import('./commands/report.js')).report,
  ledger: async () => (await import('./commands/ledger.js')).ledger,
  review: async () => (await import('./commands/review.js')).review,
  run: async () => (await import('./commands/run.js')).run,
  resume: async () => (await import('./commands/resume.js')).resume,
  signal: async () => (await import('./commands/signal.js')).signal,
  eval: async () => (await import('./commands/eval.js')).evalCommand,
  'bench-verdicts': async () => (await import('./commands/bench-verdicts.js')).benchVerdicts,
  anchor: async () => (await import('./commands/anchor.js')).anchor,
  mcp: async () => (await import('./commands/mcp.js')).mcp,
  memory: async () => (await import('./commands/memory.js')).memory,
  lesson: async () => (await import('./commands/playbook.js')).lesson,
  playbook: async () => (await import('./commands/playbook.js')).playbook,
};

/** Whether the command line asked for JSON output (`--json` before any `--`). */
function wantsJson(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).includes('--json');
}

/**
 * Runs one CLI invocation and returns its exit code; never throws. The command's stdout is held
 * until it returns (stdout-hold.ts): one that throws — refuses or fails half-way — leaves nothing of
 * its own on stdout, only the failure (under --json, the one error document).
 */
export async function run(argv: string[], hostIo: CliIo = processIo()): Promise<number> {
  const [command, ...args] = argv;
  const hold = holdStdout(hostIo.stdout);
  const io: CliIo = { ...hostIo, stdout: (text) => hold.write(text) };
  try {
    const code = await dispatch(command, args, io, hostIo);
    hold.release();
    return code;
  } catch (error) {
    hold.discard();
    // The error classes of every core folder, loaded only when something failed: importing them up
    // front would compile most of truss before `truss --version` could answer.
    const { commandLineContractError, describeError, reportFailure } = await import('./error-exit.js');
    const json = wantsJson(args);
    const usage = error instanceof UsageError ? error.message : commandLineContractError(error);
    if (usage !== undefined) {
      const help = command && Object.hasOwn(COMMANDS, command) ? `truss ${command} --help` : 'truss --help';
      return reportFailure(
        { exit: EXIT.usage, message: `${usage}\nRun \`${help}\` for usage.` },
        hostIo,
        json,
      );
    }
    return reportFailure(describeError(error), hostIo, json);
  }
}

async function dispatch(
  command: string | undefined,
  args: string[],
  io: CliIo,
  hostIo: CliIo,
): Promise<number> {
  // `truss help run` is `truss run --help`.
  const topic = command === 'help' ? args[0] : undefined;
  if (topic && Object.hasOwn(COMMANDS, topic)) return await run([topic, '--help', ...args.slice(1)], hostIo);
  if (topic) throw new UsageError(`unknown command "${topic}"${didYouMean(topic, Object.keys(COMMANDS))}`);
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(`${MAIN_HELP}\n`);
    return command ? EXIT.ok : EXIT.usage;
  }
  if (command === '--version' || command === '-V' || command === 'version') {
    io.stdout(`${pkg.version}\n`);
    return EXIT.ok;
  }
  // Own keys only: `truss constructor` must not find Object's (an unexpected error before).
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!load)
    throw new UsageError(`unknown command "${command}"${didYouMean(command, Object.keys(COMMANDS))}`);
  return await (await load())(args, io);
}
