import { createHash } from 'node:crypto';
import type { CapturedStream } from './bounded-capture.js';
import type { CheckOutcome } from './check-runner.js';
import { type Redactor, redactBytes, redactionField, tallyingRedactor } from './redact.js';

/**
 * The journaled form of one run of the check runner (a check clause, the `[checks] setup` command,
 * an agent's `run_checks`): exit, flags, redacted stream tails, and the full redacted streams as
 * blobs by sha256. `redactions` counts what the secret scan removed, by kind (never the secret).
 */
export function checkRunFields(
  outcome: CheckOutcome,
  baseRedact: Redactor,
): { fields: Record<string, unknown>; blobs: Uint8Array[] } {
  const tally = tallyingRedactor(baseRedact);
  const redact = tally.redact;
  const stdout = redactBytes(outcome.stdout.bytes, redact);
  const stderr = redactBytes(outcome.stderr.bytes, redact);
  const stream = (bytes: Buffer, captured: CapturedStream) => ({
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: captured.totalBytes,
    captured_bytes: bytes.length,
    truncated: captured.truncated,
    tail: redact(captured.tail),
  });
  const fields = {
    exit_code: outcome.exitCode,
    signal: outcome.signal,
    timed_out: outcome.timedOut,
    met: outcome.met,
    reasons: outcome.reasons.map(redact),
    duration_ms: Math.round(outcome.durationMs),
    stdout: stream(stdout, outcome.stdout),
    stderr: stream(stderr, outcome.stderr),
  };
  // The tail is a suffix of the captured bytes, so a secret in both is counted twice; the counts
  // say "this many matches were removed from this entry", which is what a reader needs.
  return { fields: { ...fields, ...redactionField(tally.counts()) }, blobs: [stdout, stderr] };
}
