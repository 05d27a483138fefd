import { createHash } from 'node:crypto';
import type { PayloadOf } from '../ledger/entry-kinds.js';
import { type CapturedStream, streamCuts } from '../process/bounded-capture.js';
import {
  isRunSecretKind,
  type Redactor,
  redactBytes,
  redactionField,
  redactWindow,
  tallyingRedactor,
} from '../process/redact.js';
import { recordedWork } from '../runtime/recorded-work.js';
import type { DelegatedResult } from './delegated-cli.js';
import type { ExecutorOutcome } from './in-loop.js';
import { recordWorkDiff } from './work-diff.js';

/** The `delegated_result` payload and blobs (stdout, stderr, diff) of one CLI run, redacted. */
export function delegatedStep(
  result: DelegatedResult,
  redactor: Redactor,
  extra: Pick<PayloadOf<'delegated_result'>, 'tools'> = {},
): { payload: PayloadOf<'delegated_result'>; blobs: Uint8Array[] } {
  const tally = tallyingRedactor(redactor);
  const redact = tally.redact;
  const stdout = redactBytes(result.stdout.bytes, redact, streamCuts(result.stdout).bytes);
  const stderr = redactBytes(result.stderr.bytes, redact, streamCuts(result.stderr).bytes);
  // The scan's changes to the diff are said in diff_error: the clean room must not rebuild from it.
  const recorded = recordWorkDiff(result.diff, redact);
  const diff = recorded.bytes;
  // A diff that could not be taken after the run is no "no change" either (delegated-cli.ts). Git's
  // errors quote what the work can write (a config value in .git/config, a path): scanned like the
  // streams, as the in-loop executor's are (docs/security.md "The secret scan").
  const diffError = result.diffError != null ? redact(result.diffError) : recorded.diffError;
  const stream = (bytes: Buffer, captured: CapturedStream) => ({
    sha256: sha256(bytes),
    bytes: captured.totalBytes,
    captured_bytes: bytes.length,
    truncated: captured.truncated,
    tail: redactWindow(redact, captured.tail, streamCuts(captured).tail),
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
      // Paths are the work's to choose: one can spell a secret the diff's header redacts too.
      changed_files: result.changedFiles.map((path) => redactor(path)),
      head_before: result.headBefore,
      head_after: result.headAfter,
      git_error: result.gitError === null ? null : redact(result.gitError),
      ...(diffError ? { diff_error: diffError } : {}),
      // What the scan removed from the diff alone (`redactions` counts the streams too).
      ...(Object.keys(recorded.redactions).length > 0 ? { diff_redactions: recorded.redactions } : {}),
      ...extra,
      ...redactionField(tally.counts()),
    },
    blobs: [stdout, stderr, diff],
  };
}

/** The executor's outcome as its `delegated_result` recorded it (live or replayed). */
export function delegatedOutcome(p: PayloadOf<'delegated_result'>, command: string): ExecutorOutcome {
  let failure: string | null = null;
  if (p.timed_out) failure = `delegated CLI ${command} timed out after ${p.timeout_sec} s`;
  else if (p.signal) failure = `delegated CLI ${command} was killed by ${p.signal}`;
  else if (p.exit_code !== 0) failure = `delegated CLI ${command} exited with code ${p.exit_code}`;
  else if (p.diff_error && holdsRunSecret(p.diff_redactions)) failure = p.diff_error;
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

/** Whether recorded redaction counts name a value of the run (see work-diff.ts). */
function holdsRunSecret(counts: unknown): boolean {
  return typeof counts === 'object' && counts !== null && Object.keys(counts).some(isRunSecretKind);
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
