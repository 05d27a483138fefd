/** Raised when an inclusion or consistency proof does not prove what it claims (RFC 9162 §2.1.3/§2.1.4). */
export class ProofError extends Error {
  override name = 'ProofError';
}

/** Raised for a malformed signed note or checkpoint, or one whose signature does not verify. */
export class NoteError extends Error {
  override name = 'NoteError';
}

/** Raised when a log directory cannot be opened or used (missing, malformed, wrong key). */
export class LogError extends Error {
  override name = 'LogError';
}

/**
 * Security error: two checkpoints from the same log that cannot both be honest (same size with
 * different roots, or no valid consistency proof between them). Both signed notes are kept as the
 * evidence a user can hand to whoever audits the log.
 */
export class ForkError extends Error {
  override name = 'ForkError';
  constructor(
    message: string,
    readonly earlier: string,
    readonly later: string,
  ) {
    super(message);
  }
}

/**
 * Two checkpoints of one log that cannot be compared with what is at hand: no consistency proof
 * between them (a copy older than the checkpoint remembered: a stale mirror, or a log rolled back),
 * or a remembered one the log's current key does not sign. Not proof of a fork, but nothing to
 * accept either; both signed notes are kept, as for a fork.
 */
export class UncheckedCheckpointError extends Error {
  override name = 'UncheckedCheckpointError';
  constructor(
    message: string,
    readonly earlier: string,
    readonly later: string,
  ) {
    super(message);
  }
}

/**
 * The log refuses to sign: its tree no longer contains what an earlier signed checkpoint committed to
 * (the files were altered or truncated). Signing would create a fork, so nothing is signed.
 */
export class InconsistentCheckpointError extends ForkError {
  override name = 'InconsistentCheckpointError';
}
