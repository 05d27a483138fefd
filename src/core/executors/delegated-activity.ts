import { createHash } from 'node:crypto';
import type { ResolvedContract } from '../contract/schema.js';
import type { CapturedStream } from '../process/bounded-capture.js';
import { type Redactor, redactBytes, redactionField, tallyingRedactor } from '../process/redact.js';
import type { Ctx } from '../runtime/ctx.js';
import type { DurableSession } from '../runtime/durable.js';
import { CancelledError } from '../runtime/durable-errors.js';
import { runDelegatedCli } from './delegated-cli.js';
import { type ExecutorOutcome, recordedWork } from './in-loop.js';

/**
 * The delegated-cli executor as one durable activity: the vendor CLI runs once, and its outcome
 * (exit, output hashes and tails, the work diff) is journaled as `delegated_result` with the full
 * streams and diff in blobs. A resumed run replays the entry instead of running the CLI again; a
 * crash while the CLI runs re-runs it (the irreducible at-least-once boundary of an external agent).
 */
export async function runDelegatedActivity(options: {
  contract: ResolvedContract;
  workdir: string;
  session: DurableSession;
  ctx: Ctx;
  env: Record<string, string | undefined>;
  redact: Redactor;
}): Promise<ExecutorOutcome> {
  const { contract } = options;
  const command = contract.executor.command ?? '';
  const { entry } = await options.session.activity('delegated_result', command, async () => {
    const result = await runDelegatedCli({
      executor: contract.executor,
      intent: contract.contract.intent,
      contractTitle: contract.contract.title ?? null,
      done: contract.done.map((clause) => clause.desc),
      workdir: options.workdir,
      env: options.env,
      extraEnvNames: contract.check_env,
      ctx: options.ctx,
    });
    if (result.cancelled) throw new CancelledError();
    const tally = tallyingRedactor(options.redact);
    const redact = tally.redact;
    const stdout = redactBytes(result.stdout.bytes, redact);
    const stderr = redactBytes(result.stderr.bytes, redact);
    const diff = Buffer.from(redact(result.diff), 'utf8');
    const stream = (bytes: Buffer, captured: CapturedStream) => ({
      sha256: sha256(bytes),
      bytes: captured.totalBytes,
      captured_bytes: bytes.length,
      truncated: captured.truncated,
      tail: redact(captured.tail),
    });
    return {
      payload: {
        command: result.command,
        resolved_command: result.resolvedCommand,
        args: result.args.map(redact),
        prompt_via: result.promptVia,
        prompt_sha256: result.promptSha256,
        cleared_env: result.clearedEnv,
        timeout_sec: result.timeoutSec,
        exit_code: result.exitCode,
        signal: result.signal,
        timed_out: result.timedOut,
        duration_ms: Math.round(result.durationMs),
        stdout: stream(stdout, result.stdout),
        stderr: stream(stderr, result.stderr),
        diff_sha256: sha256(diff),
        diff_bytes: diff.length,
        diff_truncated: result.diffTruncated,
        diff_stat: { ...result.diffStat },
        changed_files: result.changedFiles,
        head_before: result.headBefore,
        head_after: result.headAfter,
        git_error: result.gitError,
        ...redactionField(tally.counts()),
      },
      blobs: [stdout, stderr, diff],
    };
  });
  const p = entry.payload;
  let failure: string | null = null;
  if (p.timed_out) failure = `delegated CLI ${command} timed out after ${p.timeout_sec} s`;
  else if (p.signal) failure = `delegated CLI ${command} was killed by ${p.signal}`;
  else if (p.exit_code !== 0) failure = `delegated CLI ${command} exited with code ${p.exit_code}`;
  return {
    kind: 'delegated-cli',
    finalText: p.stdout?.tail ?? '',
    steps: 0,
    failure,
    budgetExhausted: null,
    changedFiles: p.changed_files ?? [],
    headAfter: p.head_after ?? null,
    work: recordedWork(p),
  };
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
