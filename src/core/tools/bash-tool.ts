import { accessSync, constants } from 'node:fs';
import { z } from 'zod';
import { type CapturedStream, streamCuts } from '../process/bounded-capture.js';
import { scrubEnv } from '../process/env-scrub.js';
import { runShell } from '../process/shell-runner.js';
import { checkCommand } from './policy.js';
import type { Tool } from './tool.js';
import { errorOutcome, fail, ok, parseInput } from './tool-kit.js';

/** Default and ceiling for one command's wall-clock time. */
export const BASH_DEFAULT_TIMEOUT_SEC = 120;
export const BASH_MAX_TIMEOUT_SEC = 600;
/** Bytes of the end of each stream returned to the model. */
export const BASH_OUTPUT_TAIL_BYTES = 32 * 1024;

export interface BashToolOptions {
  /** The host environment to scrub (default `process.env`); only the check allowlist passes. */
  env?: Readonly<Record<string, string | undefined>>;
  /** More variable names to pass through (e.g. the repo-wide `check_env`). */
  extraEnvNames?: readonly string[];
  /** Default timeout when the call gives none (seconds). */
  defaultTimeoutSec?: number;
  /** Bytes of each stream's tail returned (default {@link BASH_OUTPUT_TAIL_BYTES}). */
  outputTailBytes?: number;
  /** The shell run as `<shell> -c <command>` (default: /bin/bash when present, else /bin/sh). */
  shell?: string;
}

const BashInput = z.object({
  command: z.string().min(1, 'must not be empty'),
  timeout_sec: z.number().positive().optional(),
});

/**
 * bash: runs one command with `<shell> -c` in the workdir through the same runner as check clauses
 * ({@link runShell}): its own process group (killed whole on timeout or cancellation), the scrubbed
 * environment plus `TRUSS_TOOL=1`, stdin closed, and only the tail of each stream kept. The command is
 * checked against the policy ({@link checkCommand}) before anything runs.
 *
 * Each call is a fresh shell: no state (cwd, variables) carries over between calls. The command can
 * still touch anything the runner's user can — read/write scopes bind the file tools, not the shell;
 * confining a shell needs a sandbox around the whole run.
 */
export function createBashTool(options: BashToolOptions = {}): Tool {
  const tailBytes = options.outputTailBytes ?? BASH_OUTPUT_TAIL_BYTES;
  const defaultTimeout = options.defaultTimeoutSec ?? BASH_DEFAULT_TIMEOUT_SEC;
  return {
    name: 'bash',
    description:
      'Run a shell command in the working directory and return its exit code, stdout and stderr (the last ' +
      `${Math.round(tailBytes / 1024)} KiB of each). Each call starts a fresh shell (no state carries over); ` +
      'stdin is closed; the environment holds no credentials. ' +
      `Default timeout ${defaultTimeout}s, at most ${BASH_MAX_TIMEOUT_SEC}s; on timeout the whole process group is killed.`,
    inputSchema: {
      type: 'object',
      properties: {
        command: { type: 'string', description: 'The shell command to run.' },
        timeout_sec: {
          type: 'number',
          exclusiveMinimum: 0,
          maximum: BASH_MAX_TIMEOUT_SEC,
          description: `Timeout in seconds (default ${defaultTimeout}).`,
        },
      },
      required: ['command'],
      additionalProperties: false,
    },
    sideEffect: false,
    async run(input, context) {
      try {
        const args = parseInput('bash', BashInput, input);
        checkCommand(context.policy, args.command);
        if (context.ctx.signal.aborted)
          return fail('bash refused: the run was cancelled', { cancelled: true });

        const timeoutSec = Math.min(args.timeout_sec ?? defaultTimeout, BASH_MAX_TIMEOUT_SEC);
        const deadlineMs = context.ctx.deadline === null ? null : context.ctx.deadline - context.ctx.now();
        const timeoutMs = Math.max(0, Math.min(timeoutSec * 1000, deadlineMs ?? Number.POSITIVE_INFINITY));

        const env = scrubEnv(options.env ?? process.env, options.extraEnvNames ?? []);
        env.TRUSS_TOOL = '1';
        const outcome = await runShell(args.command, {
          workdir: context.policy.workdir,
          env,
          ctx: context.ctx,
          timeoutMs,
          shell: options.shell ?? defaultShell(),
          maxCaptureBytes: 0, // only the tail is returned
          tailBytes,
        });

        const data = {
          exitCode: outcome.exitCode,
          signal: outcome.signal,
          timedOut: outcome.timedOut,
          cancelled: outcome.cancelled,
          durationMs: Math.round(outcome.durationMs),
          stdoutBytes: outcome.stdout.totalBytes,
          stderrBytes: outcome.stderr.totalBytes,
          truncated: outcome.stdout.totalBytes > tailBytes || outcome.stderr.totalBytes > tailBytes,
        };
        if (outcome.spawnError !== null) return fail(`bash could not start: ${outcome.spawnError}`, data);

        let status: string;
        if (outcome.timedOut) status = `timed out after ${timeoutMs / 1000}s; process group killed`;
        else if (outcome.cancelled) status = 'cancelled; process group killed';
        else if (outcome.exitCode === null) status = `killed by signal ${outcome.signal ?? 'unknown'}`;
        else status = `exit code ${outcome.exitCode}`;
        let content = status;
        const cuts: number[] = [];
        for (const part of [
          section('stdout', outcome.stdout, tailBytes),
          section('stderr', outcome.stderr, tailBytes),
        ]) {
          if (part === null) continue;
          content += `\n${part.header}\n`;
          if (part.cut) cuts.push(content.length);
          content += part.tail;
        }
        const isError = outcome.exitCode !== 0;
        const result = isError ? fail(content, data) : ok(content, data);
        return cuts.length > 0 ? { ...result, cuts } : result;
      } catch (error) {
        return errorOutcome('bash', error);
      }
    },
  };
}

function section(
  name: string,
  stream: CapturedStream,
  tailBytes: number,
): { header: string; tail: string; cut: boolean } | null {
  if (stream.totalBytes === 0) return null;
  const header =
    stream.totalBytes > tailBytes
      ? `[${name}: truncated, showing the last ${tailBytes} of ${stream.totalBytes} bytes]`
      : `[${name}]`;
  return { header, tail: stream.tail, cut: streamCuts(stream).tail.start };
}

let cachedShell: string | undefined;
function defaultShell(): string {
  if (cachedShell === undefined) {
    try {
      accessSync('/bin/bash', constants.X_OK);
      cachedShell = '/bin/bash';
    } catch {
      cachedShell = '/bin/sh';
    }
  }
  return cachedShell;
}

/** The bash tool with default options (host environment scrubbed to the check allowlist). */
export const bashTool: Tool = createBashTool();
