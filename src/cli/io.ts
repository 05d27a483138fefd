import type { TrussCommand } from '../core/executors/index.js';
import { relayBeside } from '../core/process/index.js';
import { logLines } from '../core/verify/index.js';
import { EXIT } from './exit-codes.js';

/** Everything a command touches outside itself, injected so commands run the same in tests and shells. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Whether stderr is a terminal: progress lines are shown only to people. */
  interactive: boolean;
  /**
   * How this `truss` was started (the node executable and the arguments before the subcommand): a
   * delegated CLI with `[executor] tools = "truss"` starts `truss mcp serve --tools` the same way —
   * or, when the installed package ships `relay.js` beside its `cli.cjs`, a copy of that relay the run
   * puts where the sandbox can read it (an `npx` or global install under HOME is hidden from it).
   */
  trussCommand?: TrussCommand | undefined;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    interactive: Boolean(process.stderr.isTTY),
    trussCommand: process.argv[1]
      ? {
          command: process.execPath,
          args: [...process.execArgv, process.argv[1]],
          ...relayScriptBeside(process.argv[1]),
        }
      : undefined,
  };
}

function relayScriptBeside(entry: string): { relayScript?: string } {
  const relay = relayBeside(entry);
  return relay ? { relayScript: relay } : {};
}

/**
 * Prints one JSON document (machine output) or lines of text (human output). Either can quote text
 * the judged party wrote, and a CI log reads both (docs/security.md "Logs"): the text is made inert
 * (log-text.ts), the JSON keeps its values but never holds `##[` as written ({@link jsonText}).
 */
export function emit(io: CliIo, json: boolean, value: unknown, human: () => string): void {
  io.stdout(json ? `${jsonText(value)}\n` : `${logLines(human())}\n`);
}

/**
 * Pretty JSON for stdout. The Actions runner takes `##[` anywhere in a line as a workflow command,
 * and JSON holds it only inside a string, where `##\u005b` is the same value: so written (and the
 * Unicode line separators as escapes, so the lines stay the lines of the JSON).
 */
export function jsonText(value: unknown): string {
  return (JSON.stringify(value, null, 2) ?? 'null')
    .replace(/##\[/g, '##\\u005b')
    .replace(/[\u0085\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Prints a help text; help is a successful outcome. */
export function printHelp(io: CliIo, text: string): number {
  io.stdout(`${text}\n`);
  return 0;
}

/** Whether a command group was given no sub-command, or asked for its help. */
export function wantsGroupHelp(sub: string | undefined): sub is undefined | '--help' | '-h' | 'help' {
  return !sub || sub === '--help' || sub === '-h' || sub === 'help';
}

/**
 * A command group's help text: exit 0 when help was asked for, 64 when the sub-command is missing (as
 * bare `truss` is), so a script that forgot the sub-command does not pass.
 */
export function groupHelp(io: CliIo, sub: string | undefined, text: string): number {
  io.stdout(`${text}\n`);
  return sub ? EXIT.ok : EXIT.usage;
}
