import pkg from '../../package.json' with { type: 'json' };
import { BundleFormatError, CanonicalJsonError, KeyError, LedgerError } from '../core/ledger/index.js';
import { keygen } from './commands/keygen.js';
import { ledger } from './commands/ledger.js';
import { review } from './commands/review.js';
import { verify } from './commands/verify.js';
import { EXIT } from './exit-codes.js';
import { type CliIo, processIo } from './io.js';
import { UsageError } from './usage-error.js';

export const MAIN_HELP = `truss ${pkg.version} — contracts, independent verification, signed verdicts

Usage: truss <command> [options]

Commands:
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
  64 usage error (bad flags or arguments)`;

const COMMANDS: Record<string, (args: string[], io: CliIo) => number> = { keygen, verify, ledger, review };

/** Runs one CLI invocation and returns its exit code; never throws. */
export async function run(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [command, ...args] = argv;
  try {
    if (!command || command === '--help' || command === '-h' || command === 'help') {
      io.stdout(`${MAIN_HELP}\n`);
      return command ? EXIT.ok : EXIT.usage;
    }
    if (command === '--version' || command === '-V' || command === 'version') {
      io.stdout(`${pkg.version}\n`);
      return EXIT.ok;
    }
    const handler = COMMANDS[command];
    if (!handler) throw new UsageError(`unknown command "${command}"`);
    return handler(args, io);
  } catch (error) {
    return report(error, io);
  }
}

function report(error: unknown, io: CliIo): number {
  if (error instanceof UsageError) {
    io.stderr(`truss: ${error.message}\nRun \`truss --help\` for usage.\n`);
    return EXIT.usage;
  }
  if (
    error instanceof BundleFormatError ||
    error instanceof KeyError ||
    error instanceof LedgerError ||
    error instanceof CanonicalJsonError
  ) {
    io.stderr(`truss: ${error.message}\n`);
    return EXIT.input;
  }
  io.stderr(
    `truss: unexpected error: ${(error as Error)?.message ?? String(error)}\nPlease report it with the command you ran.\n`,
  );
  return EXIT.failed;
}
