import type { PayloadOf } from '../ledger/entry-kinds.js';

/** What the executor recorded about its work: where it started and the diff it made. */
export interface RecordedWork {
  /** HEAD when the executor started; null without git (then there is nothing to rebuild from). */
  headBefore: string | null;
  /** HEAD when the executor finished (its commits), or null. */
  headAfter?: string | null;
  /** sha256 of the recorded diff blob. */
  diffSha256: string | null;
  /** The recorded diff was cut at its byte cap: it cannot reproduce the work. */
  diffTruncated: boolean;
  /** Why the executor's diff could not be taken (then it cannot reproduce the work either). */
  diffError?: string | null;
}

/** The base commit and diff blob an executor's result entry (`executor_result`, `delegated_result`) recorded. */
export function recordedWork(p: PayloadOf<'executor_result' | 'delegated_result'>): RecordedWork {
  return {
    headBefore: p.head_before ?? null,
    headAfter: p.head_after ?? null,
    diffSha256: p.diff_sha256 && (p.diff_bytes ?? 0) > 0 ? p.diff_sha256 : null,
    diffTruncated: p.diff_truncated === true,
    diffError: p.diff_error ?? null,
  };
}
