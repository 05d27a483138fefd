import { createHash } from 'node:crypto';
import type { CheckRunFields } from '../ledger/entry-kinds.js';
import { type CapturedStream, streamCuts } from '../process/bounded-capture.js';
import {
  type Redactor,
  redactBytes,
  redactionField,
  redactWindow,
  tallyingRedactor,
} from '../process/redact.js';
import type { CheckOutcome } from './check-runner.js';

/**
 * The journaled form of one run of the check runner (a check clause, the `[checks] setup` command,
 * an agent's `run_checks`): exit, flags, and the full redacted streams and their tails as blobs by
 * sha256. The signed payload never holds output text, so `truss ledger shred` erases it everywhere
 * (docs/ledger.md); entries written before this carried the tail inline as `tail`. `redactions`
 * counts what the secret scan removed, by kind (never the secret).
 */
export function checkRunFields(
  outcome: CheckOutcome,
  baseRedact: Redactor,
): { fields: CheckRunFields; blobs: Uint8Array[] } {
  const tally = tallyingRedactor(baseRedact);
  const redact = tally.redact;
  // Both windows may cut through a secret: the part at the cut goes too (redact.ts, WindowCut).
  const out = streamCuts(outcome.stdout);
  const err = streamCuts(outcome.stderr);
  const stdout = redactBytes(outcome.stdout.bytes, redact, out.bytes);
  const stderr = redactBytes(outcome.stderr.bytes, redact, err.bytes);
  const stdoutTail = Buffer.from(redactWindow(redact, outcome.stdout.tail, out.tail), 'utf8');
  const stderrTail = Buffer.from(redactWindow(redact, outcome.stderr.tail, err.tail), 'utf8');
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const stream = (bytes: Buffer, captured: CapturedStream, tail: Buffer) => ({
    sha256: sha256(bytes),
    bytes: captured.totalBytes,
    captured_bytes: bytes.length,
    truncated: captured.truncated,
    tail_sha256: sha256(tail),
    tail_bytes: tail.length,
  });
  const fields = {
    exit_code: outcome.exitCode,
    signal: outcome.signal,
    timed_out: outcome.timedOut,
    met: outcome.met,
    reasons: outcome.reasons.map(redact),
    duration_ms: Math.round(outcome.durationMs),
    stdout: stream(stdout, outcome.stdout, stdoutTail),
    stderr: stream(stderr, outcome.stderr, stderrTail),
  };
  // The tail is a suffix of the captured bytes, so a secret in both is counted twice; the counts
  // say "this many matches were removed from this entry", which is what a reader needs.
  return {
    fields: { ...fields, ...redactionField(tally.counts()) },
    blobs: [stdout, stderr, stdoutTail, stderrTail],
  };
}
